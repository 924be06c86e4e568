#version 300 es
// OpenQuartzCore uber quad shader, vertex stage.
// One instance per quad; the four vertices of a triangle strip come from gl_VertexID. A damaged
// canvas's copies (QC_DAMAGE) are drawn as plain indexed triangles instead, four vertices per copy
// numbered from 4 q, so the corner is read from the two low bits of gl_VertexID.
// Canvas space: pixels, origin top-left, y down. The renderer's uniform u_canvas maps it to clip
// space; u_canvas.z is the sign of the y axis (+1: canvas row 0 lands in framebuffer row 0, which
// glReadPixels returns first, so an offscreen read-back is top row first as CGImage expects).
// Feature macros (prepended by the renderer per batch, so a batch pays only for what its quads
// use; Mesa's llvmpipe runs both sides of a branch): QC_TEXTURED, QC_CLIPPED (clip table walk),
// QC_HARD_EDGES, QC_BORDER, QC_CLIP_RECT (analytic clip in the quad's plane), QC_BLUR (blurred rounded rect),
// QC_GRADIENT (fragment stage only: a gradient from uniforms instead of the fill colour),
// QC_DAMAGE (a per-instance damage rectangle outside which fragments are discarded),
// QC_SOLID (fragment stage only: the fill colour, nothing else), QC_SPRITE (fragment stage only: a
// plain textured quad's texel times opacity and edge coverage, none of the shape maths),
// QC_VERTEX_CONSTANTS (the distance fields' per-quad constants are made here, not per fragment).
// A quad with flag 128 in a_params.z (QC_CLIP_RECT batches) is drawn as the part of its rect that
// its analytic clip can cover, a rect that ClippedQuadGeometry.swift puts in a_texClamp (an
// untextured quad's unused attribute): the fragments outside the clip are not shaded.
precision highp float;
precision highp int;

// The transform's rows without their z column (m13, m23, m43), which only makes a z that nothing
// reads: a_row1 and a_row2 hold m14 and m24 in z and 1 in w, a_row4 0 in z, so a flat quad's rows
// end in the values (0, 1) an array of two components supplies (PackedInstances.swift).
layout(location = 0) in vec4 a_row1;        // transform row 1 (m11 m12 m14 1)
layout(location = 1) in vec4 a_row2;        // transform row 2 (m21 m22 m24 1)
layout(location = 2) in vec4 a_row4;        // transform row 4 (m41 m42 0 m44); row 3 scales z, which is 0 here
layout(location = 3) in vec4 a_rect;        // local rect: x, y, width, height
layout(location = 4) in vec4 a_fillColor;   // premultiplied
layout(location = 5) in vec4 a_borderColor; // premultiplied
layout(location = 6) in vec4 a_params;      // borderWidth (blur sigma when blurred), opacity, flags, margin (local units)
layout(location = 7) in vec4 a_radii;       // minXMinY, maxXMinY, maxXMaxY, minXMaxY
layout(location = 8) in vec4 a_texRect;     // texture coordinates at rect min corner (xy) and max corner (zw)
layout(location = 9) in vec4 a_texClamp;    // texture coordinates are clamped into this box
layout(location = 14) in vec4 a_texTint;    // multiplies the texel (premultiplied; white: no change)
layout(location = 10) in float a_clip;      // index of the first clip walked in the clip table (-1: none)
#ifdef QC_CLIP_RECT
// The analytic clip: its centred local position is affine in the quad's local position,
// x' = dot(a_clipX.xyz, (x, y, 1)), y' = dot(a_clipY.xyz, (x, y, 1)); w holds the half size.
layout(location = 11) in vec4 a_clipX;
layout(location = 12) in vec4 a_clipY;
layout(location = 13) in vec4 a_clipRadii;
#endif
#ifdef QC_DAMAGE
layout(location = 15) in vec4 a_damage;     // framebuffer pixels (gl_FragCoord's): minX, minY, maxX, maxY, exclusive
#endif

uniform vec3 u_canvas;                      // 2/width, 2/height, y sign

#ifdef QC_TEXTURED
out vec4 v_localAndUV;                      // local position (xy) and texture coordinate (zw), perspective-correct
#else
out vec2 v_localAndUV;                      // local position alone: an untextured quad interpolates no texture coordinate
#endif
flat out vec4 v_rect;
flat out vec4 v_fillColor;
flat out vec4 v_borderColor;
flat out vec4 v_params;
#if defined(QC_BLUR) || !defined(QC_VERTEX_CONSTANTS)
flat out vec4 v_radii;                      // as given: the blurred rect's, or where the fragment stage makes the constants
#endif
#ifdef QC_VERTEX_CONSTANTS
// Per-quad constants of the distance fields, computed here once instead of per fragment, by the
// functions the fragment stage uses otherwise (so the same bits):
flat out vec4 v_shapeFrame;                 // the rect's centre (xy) and half size (zw)
flat out vec4 v_shapeRadii;                 // corner radii capped at the smaller half size
#ifdef QC_BORDER
flat out vec4 v_innerFrame;                 // the border's inner rect: centre and half size (-1e18: no inner rect)
flat out vec4 v_innerRadii;                 // its corner radii (the outer ones less the width), capped
#endif
#endif
#ifdef QC_TEXTURED
flat out vec4 v_texClamp;
flat out vec4 v_texTint;
#endif

#ifdef QC_HARD_EDGES
// The inverse of the quad's homography, row by row: the fragment stage maps its pixel centre,
// from gl_FragCoord, to the exact local position its hard edges are tested at. An interpolated
// local position is not exact enough there: the rasteriser snaps the vertices to its sub-pixel
// grid (1/256 pixel on NVIDIA's) and interpolates from the snapped ones, which moves a centre up
// to 1/512 pixel, as far as BoundaryRule's nudge. The clip index rides in w (QC_CLIPPED), which
// keeps the widest variant within OpenGL ES 3.0's 15 varying vectors.
flat out vec4 v_localFromCanvasX;
flat out vec4 v_localFromCanvasY;
flat out vec4 v_localFromCanvasW;
#endif
#if defined(QC_CLIPPED) && !defined(QC_HARD_EDGES)
flat out int v_clipIndex;
#endif
#ifdef QC_CLIP_RECT
out vec2 v_clipLocal;                       // affine in the local position, so perspective-correct too
flat out vec2 v_clipHalfSize;
flat out vec4 v_clipRadii;
#endif
#ifdef QC_DAMAGE
flat out vec4 v_damage;
#endif

#ifdef QC_DAMAGE
// An affine quad is drawn as the part of its canvas bounds inside its damage rectangle (grown by 1/64
// pixel against rounding; the fragment stage trims both exactly), so pixels outside the damage are
// not shaded only to be discarded. Returns the local position of `corner` of that box, or the
// unchanged `local` for a quad in perspective or one smaller than the box.
vec2 damageClampedLocal(vec2 local, vec2 corner, float margin) {
    mat2 linear = mat2(a_row1.xy, a_row2.xy);
    float det = determinant(linear);
    if (a_row1.z != 0.0 || a_row2.z != 0.0 || a_row4.w != 1.0 || abs(det) < 1e-12) return local;
    vec2 lo = a_rect.xy - vec2(margin), hi = a_rect.xy + a_rect.zw + vec2(margin);
    vec2 p0 = linear * lo + a_row4.xy, p1 = linear * vec2(hi.x, lo.y) + a_row4.xy;
    vec2 p2 = linear * vec2(lo.x, hi.y) + a_row4.xy, p3 = linear * hi + a_row4.xy;
    vec2 boundsMin = min(min(p0, p1), min(p2, p3)), boundsMax = max(max(p0, p1), max(p2, p3));
    // The damage rectangle's rows, from framebuffer to canvas: ndc = fb * 2 / height - 1 = sign * (canvas * 2 / height - 1).
    vec2 rows = (u_canvas.z * (a_damage.yw * u_canvas.y - 1.0) + 1.0) / u_canvas.y;
    vec2 damageMin = vec2(a_damage.x, min(rows.x, rows.y)) - 0.015625, damageMax = vec2(a_damage.z, max(rows.x, rows.y)) + 0.015625;
    vec2 boxMin = max(boundsMin, damageMin), boxMax = max(min(boundsMax, damageMax), boxMin);
    // A rotated quad mostly inside the rectangle covers fewer pixels than its clamped bounds.
    vec2 box = boxMax - boxMin, drawn = hi - lo;
    if (abs(det) * drawn.x * drawn.y <= box.x * box.y) return local;
    return inverse(linear) * (mix(boxMin, boxMax, corner) - a_row4.xy);
}
#endif

#ifdef QC_CLIP_RECT
const int flagShrunkToClip = 128;
#endif

#include "quad.frames.glsl"

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    float margin = a_params.w;
    vec2 drawnOrigin = a_rect.xy - vec2(margin), drawnSize = a_rect.zw + 2.0 * margin;
#ifdef QC_CLIP_RECT
    if ((int(a_params.z) & flagShrunkToClip) != 0) {
        drawnOrigin = a_texClamp.xy;
        drawnSize = a_texClamp.zw - a_texClamp.xy;
    }
#endif
    vec2 local = drawnOrigin + corner * drawnSize;
#ifdef QC_DAMAGE
    local = damageClampedLocal(local, corner, margin);
#endif
    // The homogeneous canvas position (x, y, w; z unused).
    vec4 canvas = local.x * a_row1.xywz + local.y * a_row2.xywz + a_row4;

    // Keep w: the rasteriser divides per pixel, which makes every varying perspective-correct.
    gl_Position = vec4(canvas.x * u_canvas.x - canvas.w,
                       u_canvas.z * (canvas.y * u_canvas.y - canvas.w),
                       0.0,
                       canvas.w);

#ifdef QC_TEXTURED
    vec2 unit = (local - a_rect.xy) / max(a_rect.zw, vec2(1e-6));
    v_localAndUV = vec4(local, mix(a_texRect.xy, a_texRect.zw, unit));
#else
    v_localAndUV = local;
#endif
#ifdef QC_HARD_EDGES
    // Columns: the canvas homogeneous position (x, y, w) of local x, of local y and of the origin.
    mat3 canvasFromLocal = mat3(a_row1.xyz, a_row2.xyz, a_row4.xyw);
    mat3 localFromCanvas = inverse(canvasFromLocal);
    v_localFromCanvasX = vec4(localFromCanvas[0][0], localFromCanvas[1][0], localFromCanvas[2][0], a_clip);
    v_localFromCanvasY = vec4(localFromCanvas[0][1], localFromCanvas[1][1], localFromCanvas[2][1], 0.0);
    v_localFromCanvasW = vec4(localFromCanvas[0][2], localFromCanvas[1][2], localFromCanvas[2][2], 0.0);
#elif defined(QC_CLIPPED)
    v_clipIndex = int(a_clip);
#endif
#ifdef QC_CLIP_RECT
    vec3 homogeneousLocal = vec3(local, 1.0);
    v_clipLocal = vec2(dot(a_clipX.xyz, homogeneousLocal), dot(a_clipY.xyz, homogeneousLocal));
    // The clip is centred on its origin, so only its half size and capped radii reach the fragment stage.
    v_clipHalfSize = max(vec2(a_clipX.w, a_clipY.w), vec2(0.0));
    v_clipRadii = min(a_clipRadii, vec4(min(v_clipHalfSize.x, v_clipHalfSize.y)));
#endif
#ifdef QC_DAMAGE
    v_damage = a_damage;
#endif
    v_rect = a_rect;
    v_fillColor = a_fillColor;
    v_borderColor = a_borderColor;
    v_params = a_params;
#if defined(QC_BLUR) || !defined(QC_VERTEX_CONSTANTS)
    v_radii = a_radii;
#endif
#ifdef QC_VERTEX_CONSTANTS
    distanceFrame(a_rect, a_radii, v_shapeFrame, v_shapeRadii);
#ifdef QC_BORDER
    // The border's cases are settled per quad: no border paints a clear border colour (which
    // leaves the colour beneath unchanged), no inner rect covers the whole quad (`borderFrame`).
    borderFrame(a_rect, a_radii, a_params.x, v_innerFrame, v_innerRadii);
    if (!(a_params.x > 0.0)) v_borderColor = vec4(0.0);
#endif
#endif
#ifdef QC_TEXTURED
    v_texClamp = a_texClamp;
    v_texTint = a_texTint;
#endif
}
