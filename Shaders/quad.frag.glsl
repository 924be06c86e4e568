#version 300 es
// OpenQuartzCore uber quad shader, fragment stage.
// Paints, bottom to top: fill colour, texture (source-over), border (source-over), all inside a
// rounded rectangle whose edge is antialiased by a signed distance measured in screen pixels.
// Output is premultiplied, multiplied by opacity, edge coverage and clip coverage.
// Feature macros as in quad.vert.glsl: QC_TEXTURED, QC_CLIPPED, QC_HARD_EDGES, QC_BORDER, QC_CLIP_RECT,
// QC_BLUR, QC_GRADIENT, QC_DAMAGE (fragments outside the instance's damage rectangle are discarded:
// a scissor per instance, so a many-rectangle damage region is drawn in a few draw calls), QC_SOLID
// (the fill colour on every pixel whose centre the quad covers: the quads clearing damage rectangles). A blurred quad (flag 64, QC_BLUR) paints its fill colour as the rounded rect convolved
// with a Gaussian whose sigma is in v_params.x; texture and border are ignored.
// A texture with flag 32 (alpha tint) paints the fill colour times the texel's alpha (shadows).
// QC_SPRITE: the lean variant for plain textured quads (no fill colour, corner radius, border, clip,
// blur or gradient; edges all antialiased, or with QC_HARD_EDGES all hard): the texel times opacity
// and edge coverage, the same values the full path computes for such quads with none of its shape maths.
// QC_VERTEX_CONSTANTS: the distance fields' per-quad constants arrive from the vertex stage as flat
// varyings instead of being made per fragment (QuadProgram.swift defines it where the variant stays
// within OpenGL ES 3.0's 15 varying vectors).
// QC_GRADIENT: every quad of the batch paints the gradient in the u_gradient*/u_stop* uniforms
// instead of its fill colour (GradientUniforms.swift): straight colours interpolated between the
// stops, then premultiplied.
// QC_VIDEO: the texture is a video frame's luma plane; its chroma planes and conversion are
// uniforms (include/quad.video.glsl), and the texel is the frame's R'G'B' there, made per fragment.
precision highp float;
precision highp int;

#ifdef QC_TEXTURED
in vec4 v_localAndUV;
#else
in vec2 v_localAndUV;
#endif
flat in vec4 v_rect;
flat in vec4 v_fillColor;
flat in vec4 v_borderColor;
flat in vec4 v_params;
#if defined(QC_BLUR) || !defined(QC_VERTEX_CONSTANTS)
flat in vec4 v_radii;                       // as given: the blurred rect's, or where the per-quad constants are made here
#endif
#ifdef QC_VERTEX_CONSTANTS
flat in vec4 v_shapeFrame;                  // centre (xy) and half size (zw) of v_rect, from the vertex stage
flat in vec4 v_shapeRadii;                  // the corner radii capped at the smaller half size
#ifdef QC_BORDER
flat in vec4 v_innerFrame;                  // the border's inner rect, as v_shapeFrame (settled per quad: see quad.vert.glsl)
flat in vec4 v_innerRadii;
#endif
#endif
#ifdef QC_TEXTURED
flat in vec4 v_texClamp;
flat in vec4 v_texTint;
uniform sampler2D u_texture;
#endif
#if defined(QC_CLIPPED) || defined(QC_HARD_EDGES)
// Window pixels to canvas pixels: the viewport's origin (xy), the canvas height (z) and the
// sign of its y axis (w, as u_canvas.z in the vertex stage).
uniform vec4 u_canvasFromWindow;
#endif
#ifdef QC_HARD_EDGES
flat in vec4 v_localFromCanvasX;            // the inverse homography's rows; X.w: the clip index
flat in vec4 v_localFromCanvasY;
flat in vec4 v_localFromCanvasW;
#endif
#if defined(QC_CLIPPED) && !defined(QC_HARD_EDGES)
flat in int v_clipIndex;
#endif
#ifdef QC_CLIPPED
uniform highp sampler2D u_clipTable;        // five RGBA32F texels per clip (see ClipTable.swift)
const int clipsPerRow = 256;
const int maximumClipDepth = 8;
#endif
#ifdef QC_CLIP_RECT
in vec2 v_clipLocal;
flat in vec2 v_clipHalfSize;
flat in vec4 v_clipRadii;
#endif
#ifdef QC_DAMAGE
flat in vec4 v_damage;
#endif

out vec4 fragColor;

const int flagTextured = 16;
const int flagAlphaTint = 32;
const int flagBlurred = 64;
const int flagNearestMagnification = 256;   // the sampler's magnification filter is nearest
const int flagNearestMinification = 512;    // and its minification filter

// Exact-boundary rules shared with the CPU renderer (CompositorCore's BoundaryRule), so that a
// texel boundary or a hard edge lying exactly on a pixel centre is decided the same way by both
// whatever the GPU's rounding: a nearest sample is taken this many pixels' worth of texels further
// on, and a hard edge's inside test this many local units further on (neither a number exact
// geometry lands on).
const float nearestPixelNudge = 0.01;
const float hardEdgeNudge = 0.002;

#if defined(QC_CLIPPED) || defined(QC_HARD_EDGES)
// The canvas position of this fragment's pixel centre, exactly (x, y, 1): from gl_FragCoord,
// not from interpolated varyings, whose vertices the rasteriser snapped to its sub-pixel grid.
vec3 pixelCentreCanvas() {
    vec2 window = gl_FragCoord.xy - u_canvasFromWindow.xy;
    return vec3(window.x, u_canvasFromWindow.w > 0.0 ? window.y : u_canvasFromWindow.z - window.y, 1.0);
}
#endif

#ifdef QC_HARD_EDGES
// The local position of this fragment's pixel centre through the inverse homography: what the
// hard edges are tested at, as the CPU renderer tests them.
vec2 pixelCentreLocal() {
    vec3 canvas = pixelCentreCanvas();
    vec3 local = vec3(dot(v_localFromCanvasX.xyz, canvas), dot(v_localFromCanvasY.xyz, canvas),
                      dot(v_localFromCanvasW.xyz, canvas));
    return local.xy / local.z;
}
#endif

// Signed distance from p to a rounded rectangle (negative inside). Radii are per corner in a
// y-down space: x = minX/minY, y = maxX/minY, z = maxX/maxY, w = minX/maxY.
// The radius of the corner whose quadrant holds d (d measured from the rect's centre), capped.
float cornerRadius(vec2 d, vec4 radii, vec2 halfSize) {
    float r = d.x < 0.0 ? (d.y < 0.0 ? radii.x : radii.w) : (d.y < 0.0 ? radii.y : radii.z);
    return min(r, min(halfSize.x, halfSize.y));
}

float roundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
    vec2 halfSize = max(rect.zw * 0.5, vec2(0.0));
    vec2 d = p - (rect.xy + rect.zw * 0.5);
    float r = cornerRadius(d, radii, halfSize);
    vec2 q = abs(d) - halfSize + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

// The radius of the corner whose quadrant holds d, from radii already capped at the smaller half size.
float cappedCornerRadius(vec2 d, vec4 cappedRadii) {
    return d.x < 0.0 ? (d.y < 0.0 ? cappedRadii.x : cappedRadii.w) : (d.y < 0.0 ? cappedRadii.y : cappedRadii.z);
}

// `roundedRectDistance` with its per-quad parts done in the vertex stage: d measured from the
// rect's centre, r the corner's capped radius, the same operations on the same values after that.
float centredRoundedRectDistance(vec2 d, vec2 halfSize, float r) {
    vec2 q = abs(d) - halfSize + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

#include "quad.frames.glsl"

#ifdef QC_TEXTURED
// The texel at texture coordinate `uv` (clamped) of a quad whose unclamped coordinate is `raw`.
// Nearest filtering is decided here, not by the sampler: the filter the footprint selects (at most
// one texel per pixel: magnification) being nearest, the texel is the one holding uv moved on by
// nearestPixelNudge pixels' worth of texels, read at its centre, where any filter returns it exactly.
vec4 sampleTexture(vec2 uv, vec2 raw) {
    vec2 size = vec2(textureSize(u_texture, 0));
    vec2 stepX = dFdx(raw * size), stepY = dFdy(raw * size);
    float footprint = sqrt(max(dot(stepX, stepX), dot(stepY, stepY)));
    int flag = footprint <= 1.0 ? flagNearestMagnification : flagNearestMinification;
    if ((int(v_params.z) & flag) == 0) return texture(u_texture, uv);
    return textureLod(u_texture, (floor(uv * size + nearestPixelNudge * footprint) + 0.5) / size, 0.0);
}

#ifdef QC_VIDEO
#include "quad.video.glsl"
#endif

// The quad's texel: an image's (sampleTexture), or a video frame's converted from its planes.
vec4 sampleContent(vec2 uv, vec2 raw) {
#ifdef QC_VIDEO
    return sampleVideo(uv, raw);
#else
    return sampleTexture(uv, raw);
#endif
}
#endif

// Coverage of a pixel by the inside of a distance field, given the field's units per pixel.
float coverage(float distance, float unitsPerPixel) {
    return clamp(0.5 - distance / unitsPerPixel, 0.0, 1.0);
}

#ifdef QC_CLIPPED
// The product of the coverages of a clip and its ancestors (texel 0's w holds the parent's index).
// Each clip's local position is its homography applied to the canvas position; its screen
// derivatives come from the canvas position's, so no derivative is taken inside the loop.
float clipCoverage(int index) {
    // Every clip's local position is its homography applied to the canvas homogeneous position,
    // which (x, y, 1) stands for exactly: the division removes its scale.
    vec3 canvas = pixelCentreCanvas();
    vec3 canvasX = dFdx(canvas), canvasY = dFdy(canvas);
    float covered = 1.0;
    for (int level = 0; level < maximumClipDepth && index >= 0; ++level) {
        ivec2 base = ivec2((index % clipsPerRow) * 5, index / clipsPerRow);
        vec4 r0 = texelFetch(u_clipTable, base, 0);
        vec3 r1 = texelFetch(u_clipTable, base + ivec2(1, 0), 0).xyz;
        vec3 r2 = texelFetch(u_clipTable, base + ivec2(2, 0), 0).xyz;
        vec4 rect = texelFetch(u_clipTable, base + ivec2(3, 0), 0);
        vec4 radii = texelFetch(u_clipTable, base + ivec2(4, 0), 0);
        vec3 q = canvas.x * r0.xyz + canvas.y * r1 + canvas.z * r2;
        if (q.z <= 0.0) return 0.0;
        vec3 qx = canvasX.x * r0.xyz + canvasX.y * r1 + canvasX.z * r2;
        vec3 qy = canvasY.x * r0.xyz + canvasY.y * r1 + canvasY.z * r2;
        vec2 p = q.xy / q.z;
        vec2 px = (qx.xy - p * qx.z) / q.z, py = (qy.xy - p * qy.z) / q.z;
        float unitsPerPixel = max(sqrt(0.5 * (dot(px, px) + dot(py, py))), 1e-6);
        covered *= coverage(roundedRectDistance(p, rect, radii), unitsPerPixel);
        index = int(r0.w);
    }
    return covered;
}
#endif

#ifdef QC_GRADIENT
const int maximumStops = 16;
uniform int u_gradientKind;                 // 0 axial, 1 radial, 2 conic
uniform vec4 u_gradientGeometry;            // start/centre (xy); axial: direction / length^2, radial: 1 / radii, conic: zero angle (z)
uniform int u_stopCount;
uniform float u_stopLocations[maximumStops];
uniform vec4 u_stopColors[maximumStops];    // straight (unpremultiplied)

// The gradient parameter at local point p, before clamping to the stops.
float gradientParameter(vec2 p) {
    vec2 d = p - u_gradientGeometry.xy;
    if (u_gradientKind == 0) return dot(d, u_gradientGeometry.zw);
    if (u_gradientKind == 1) return length(d * u_gradientGeometry.zw);
    return fract((atan(d.y, d.x) - u_gradientGeometry.z) * 0.15915494309);
}

// The premultiplied colour at parameter t; the end colours extend beyond the first and last stops.
vec4 gradientColor(float t) {
    vec4 color = u_stopColors[0];
    for (int i = 1; i < maximumStops; ++i) {
        if (i >= u_stopCount) break;
        float a = u_stopLocations[i - 1], span = u_stopLocations[i] - a;
        if (t > a) color = mix(u_stopColors[i - 1], u_stopColors[i], span > 0.0 ? clamp((t - a) / span, 0.0, 1.0) : 1.0);
    }
    return vec4(color.rgb * color.a, color.a);
}
#endif

#ifdef QC_BLUR
// erf(x) per component (Abramowitz and Stegun 7.1.26, absolute error below 1.5e-7).
vec4 erf4(vec4 x) {
    vec4 a = abs(x);
    vec4 t = 1.0 / (1.0 + 0.3275911 * a);
    vec4 poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return sign(x) * (1.0 - poly * exp(-a * a));
}

// How far a corner of radius r pulls the rounded rect's side in, at a height `depth` into the
// corner's band (0 at the band's inner end, r at the rect's edge).
vec4 cornerInset(vec4 depth, float r) {
    vec4 d = clamp(depth, 0.0, r);
    return r - sqrt(max(r * r - d * d, 0.0));
}

// The rounded rect's coverage convolved with a 2D Gaussian of standard deviation sigma, at p.
// The Gaussian is separable: the y integral is cut into four slices across the +-3 sigma window,
// each weighted by its exact Gaussian mass (erf differences; the outer slices reach the rect's
// edges, so a plain rectangle is exact), and in each slice the x integral is exact for the row
// through the slice's middle, whose extent the corners shorten.
float blurredRoundedRect(vec2 p, vec4 rect, vec4 radii, float sigma) {
    vec2 lo = rect.xy, hi = rect.xy + rect.zw;
    radii = min(radii, vec4(0.5 * min(rect.z, rect.w)));
    float k = 0.70710678 / sigma;
    float y0 = max(lo.y, p.y - 3.0 * sigma), y1 = min(hi.y, p.y + 3.0 * sigma);
    if (y1 <= y0) return 0.0;
    float h = 0.25 * (y1 - y0);
    vec4 inner = y0 + h * vec4(1.0, 2.0, 3.0, 0.0);
    vec4 upper = vec4(inner.xyz, hi.y), lower = vec4(lo.y, inner.xyz);
    vec4 mass = 0.5 * (erf4((upper - p.y) * k) - erf4((lower - p.y) * k));
    vec4 middle = y0 + h * vec4(0.5, 1.5, 2.5, 3.5);
    vec4 left = lo.x + max(cornerInset(lo.y + radii.x - middle, radii.x), cornerInset(middle - (hi.y - radii.w), radii.w));
    vec4 right = hi.x - max(cornerInset(lo.y + radii.y - middle, radii.y), cornerInset(middle - (hi.y - radii.z), radii.z));
    vec4 across = 0.5 * (erf4((right - p.x) * k) - erf4((left - p.x) * k));
    return dot(mass, max(across, 0.0));
}
#endif

// Coverage of the quad's own (rounded) rect, with hard edges where the edge flags say so;
// `frame` and `cappedRadii` are its distance frame (`distanceFrame`).
float shapeCoverage(vec2 local, float unitsPerPixel, vec4 frame, vec4 cappedRadii) {
    vec2 d = local - frame.xy, halfSize = frame.zw;
    float r = cappedCornerRadius(d, cappedRadii);
    float shape = coverage(centredRoundedRectDistance(d, halfSize, r), unitsPerPixel);
#ifdef QC_HARD_EDGES
    // A straight side drawn without antialiasing is cut at the pixel centre (a centre on a min
    // side is inside), and so is a square corner between two such sides (inside when inside
    // both). Rounded corners stay antialiased whatever the edge mask says, as Core Animation
    // draws them: only pixels whose nearest feature is a hard straight side change. The tests
    // are made a nudge further on, a tie between the two sides goes to y, and one between a side
    // and a rounded corner to the side (hardEdgeNudge).
    int aaEdges = int(v_params.z) & 15;
    vec2 exact = pixelCentreLocal(), de = exact - frame.xy;
    float re = cappedCornerRadius(de, cappedRadii);
    vec2 q = abs(de) - halfSize + re;
    if (q.x <= hardEdgeNudge || q.y <= hardEdgeNudge || re <= 0.0) { // a square corner is two straight sides
        bool alongX = q.x > q.y + hardEdgeNudge;
        int sideX = de.x < 0.0 ? 1 : 2, sideY = de.y < 0.0 ? 4 : 8;
        vec2 lo = v_rect.xy, hi = v_rect.xy + v_rect.zw, nudged = exact + hardEdgeNudge;
        bool insideX = nudged.x >= lo.x && nudged.x < hi.x, insideY = nudged.y >= lo.y && nudged.y < hi.y;
        if (re <= 0.0 && (aaEdges & (sideX | sideY)) == 0) {
            shape = insideX && insideY ? 1.0 : 0.0;
        } else if ((aaEdges & (alongX ? sideX : sideY)) == 0) {
            shape = (alongX ? insideX : insideY) ? 1.0 : 0.0;
        }
    }
    if (aaEdges == 0) {
        // Nothing beyond the rect (rounded corners included): such a quad is drawn half a pixel
        // beyond it only so that this test, not the rasteriser's rule, decides its edges.
        vec2 lo = v_rect.xy, hi = v_rect.xy + v_rect.zw, nudged = exact + hardEdgeNudge;
        if (!(nudged.x >= lo.x && nudged.x < hi.x && nudged.y >= lo.y && nudged.y < hi.y)) shape = 0.0;
    }
#endif
    return shape;
}

#ifdef QC_SPRITE
// Coverage of a plain sprite: `shapeCoverage` with every corner radius zero (so no quadrant's
// radius is looked up and no term of it is added), every edge either antialiased or cut hard.
float spriteCoverage(vec2 local) {
    vec2 halfSize = max(v_rect.zw * 0.5, vec2(0.0));
    vec2 q = abs(local - (v_rect.xy + halfSize)) - halfSize;
#ifdef QC_HARD_EDGES
    // Every corner square and every side hard: inside when inside both sides' tests (shapeCoverage).
    vec2 lo = v_rect.xy, hi = v_rect.xy + v_rect.zw, nudged = pixelCentreLocal() + hardEdgeNudge;
    return nudged.x >= lo.x && nudged.x < hi.x && nudged.y >= lo.y && nudged.y < hi.y ? 1.0 : 0.0;
#else
    vec2 stepX = dFdx(local), stepY = dFdy(local);
    float unitsPerPixel = max(sqrt(0.5 * (dot(stepX, stepX) + dot(stepY, stepY))), 1e-6);
    return coverage(min(max(q.x, q.y), 0.0) + length(max(q, 0.0)), unitsPerPixel);
#endif
}
#endif

#ifdef QC_DAMAGE
// Whether the fragment lies outside the instance's damage rectangle, or outside the quad where the
// vertex stage drew the quad's bounds clamped to the damage instead of the quad.
bool outsideDamage(vec2 local) {
    vec2 drawnMin = v_rect.xy - v_params.w, drawnMax = v_rect.xy + v_rect.zw + v_params.w;
    return any(lessThan(gl_FragCoord.xy, v_damage.xy)) || any(greaterThanEqual(gl_FragCoord.xy, v_damage.zw))
        || any(lessThan(local, drawnMin)) || any(greaterThan(local, drawnMax));
}
#endif

void main() {
#if defined(QC_SOLID)
    fragColor = v_fillColor;
#elif defined(QC_SPRITE)
    vec2 local = v_localAndUV.xy;
    float shape = spriteCoverage(local);
#ifdef QC_DAMAGE
    if (outsideDamage(local)) discard;
#endif
    if (shape <= 0.0) discard;
    vec4 texel = sampleContent(clamp(v_localAndUV.zw, v_texClamp.xy, v_texClamp.zw), v_localAndUV.zw) * v_texTint;
    fragColor = texel * (v_params.y * shape);
#else
    vec2 local = v_localAndUV.xy;
    float opacity = v_params.y;
    // Local units per screen pixel (root mean square of the two pixel steps): one derivative
    // pair serves every distance measured in local units.
    vec2 stepX = dFdx(local), stepY = dFdy(local);
    float unitsPerPixel = max(sqrt(0.5 * (dot(stepX, stepX) + dot(stepY, stepY))), 1e-6);

    int flags = int(v_params.z);
    // The per-quad constants: from the vertex stage where the variant's varyings allow
    // (QuadProgram's budget), else made here by the same functions.
    vec4 shapeFrame, shapeRadii;
#ifdef QC_VERTEX_CONSTANTS
    shapeFrame = v_shapeFrame;
    shapeRadii = v_shapeRadii;
#else
    distanceFrame(v_rect, v_radii, shapeFrame, shapeRadii);
#endif
#ifdef QC_BLUR
    bool blurred = (flags & flagBlurred) != 0;
    // The pixel's own footprint (a box of standard deviation ~0.3 pixel) widens the Gaussian.
    float footprint = 0.3 * unitsPerPixel;
    float shape = blurred
        ? blurredRoundedRect(local, v_rect, v_radii, sqrt(v_params.x * v_params.x + footprint * footprint))
        : shapeCoverage(local, unitsPerPixel, shapeFrame, shapeRadii);
#else
    float shape = shapeCoverage(local, unitsPerPixel, shapeFrame, shapeRadii);
#endif
#ifdef QC_CLIP_RECT
    {
        vec2 clipX = dFdx(v_clipLocal), clipY = dFdy(v_clipLocal);
        float clipUnitsPerPixel = max(sqrt(0.5 * (dot(clipX, clipX) + dot(clipY, clipY))), 1e-6);
        // The clip is centred on its origin (v_clipRadii capped in the vertex stage).
        float clipDistance = centredRoundedRectDistance(v_clipLocal, v_clipHalfSize, cappedCornerRadius(v_clipLocal, v_clipRadii));
        shape *= coverage(clipDistance, clipUnitsPerPixel);
    }
#endif
#ifdef QC_CLIPPED
#ifdef QC_HARD_EDGES
    shape *= clipCoverage(int(v_localFromCanvasX.w));
#else
    shape *= clipCoverage(v_clipIndex);
#endif
#endif
#ifdef QC_DAMAGE
    if (outsideDamage(local)) discard; // after every derivative was taken
#endif
    if (shape <= 0.0) discard;

#ifdef QC_GRADIENT
    vec4 color = gradientColor(gradientParameter(local));
#else
    vec4 color = v_fillColor;
#endif
#ifdef QC_TEXTURED
    if ((flags & flagTextured) != 0) {
        vec4 texel = sampleContent(clamp(v_localAndUV.zw, v_texClamp.xy, v_texClamp.zw), v_localAndUV.zw) * v_texTint;
        color = (flags & flagAlphaTint) != 0 ? v_fillColor * texel.a : texel + color * (1.0 - texel.a);
    }
#endif
#ifdef QC_BORDER
    {
        // No branch on the border width: a quad without a border paints a clear one, and one
        // without an inner rect its border colour everywhere (`borderFrame`).
        vec4 innerFrame, innerRadii, borderColor;
#ifdef QC_VERTEX_CONSTANTS
        innerFrame = v_innerFrame;
        innerRadii = v_innerRadii;
        borderColor = v_borderColor;
#else
        borderFrame(v_rect, v_radii, v_params.x, innerFrame, innerRadii);
        borderColor = v_params.x > 0.0 ? v_borderColor : vec4(0.0);
#endif
        vec2 innerD = local - innerFrame.xy;
        float inner = centredRoundedRectDistance(innerD, innerFrame.zw, cappedCornerRadius(innerD, innerRadii));
        vec4 border = borderColor * (1.0 - coverage(inner, unitsPerPixel));
        color = border + color * (1.0 - border.a);
    }
#endif
#ifdef QC_BLUR
    if (blurred) color = v_fillColor;
#endif
    fragColor = color * (opacity * shape);
#endif
}
