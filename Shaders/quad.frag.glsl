#version 300 es
// OpenQuartzCore uber quad shader, fragment stage.
// Paints, bottom to top: fill colour, texture (source-over), border (source-over), all inside a
// rounded rectangle whose edge is antialiased by a signed distance measured in screen pixels.
// Output is premultiplied, multiplied by opacity, edge coverage and clip coverage.
precision highp float;
precision highp int;

in vec4 v_localAndUV;
in vec3 v_clip0;
in vec3 v_clip1;
flat in vec4 v_rect;
flat in vec4 v_fillColor;
flat in vec4 v_borderColor;
flat in vec4 v_params;
flat in vec4 v_radii;
flat in vec4 v_texClamp;
flat in ivec2 v_clipIndex;

uniform sampler2D u_texture;
uniform highp sampler2D u_clipTable;

out vec4 fragColor;

const int flagTextured = 16;
const int clipsPerRow = 256;

// Signed distance from p to a rounded rectangle (negative inside). Radii are per corner in a
// y-down space: x = minX/minY, y = maxX/minY, z = maxX/maxY, w = minX/maxY.
float roundedRectDistance(vec2 p, vec4 rect, vec4 radii) {
    vec2 halfSize = max(rect.zw * 0.5, vec2(0.0));
    vec2 d = p - (rect.xy + rect.zw * 0.5);
    float r = d.x < 0.0 ? (d.y < 0.0 ? radii.x : radii.w) : (d.y < 0.0 ? radii.y : radii.z);
    r = min(r, min(halfSize.x, halfSize.y));
    vec2 q = abs(d) - halfSize + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

// Coverage of a pixel by the inside of a distance field, one pixel wide in screen space.
float coverage(float distance) {
    float pixel = length(vec2(dFdx(distance), dFdy(distance)));
    return clamp(0.5 - distance / max(pixel, 1e-6), 0.0, 1.0);
}

float clipCoverage(int index, vec3 homogeneous) {
    if (index < 0) return 1.0;
    ivec2 base = ivec2((index % clipsPerRow) * 5, index / clipsPerRow);
    vec4 rect = texelFetch(u_clipTable, base + ivec2(3, 0), 0);
    vec4 radii = texelFetch(u_clipTable, base + ivec2(4, 0), 0);
    if (homogeneous.z <= 0.0) return 0.0;
    return coverage(roundedRectDistance(homogeneous.xy / homogeneous.z, rect, radii));
}

void main() {
    vec2 local = v_localAndUV.xy;
    float borderWidth = v_params.x;
    float opacity = v_params.y;
    int flags = int(v_params.z);
    int aaEdges = flags & 15;

    // Edges without antialiasing are pushed out of the distance field and cut hard instead.
    float margin = v_params.w;
    vec4 shapeRect = v_rect;
    float hard = 1.0;
    if (aaEdges != 15) {
        vec2 lo = v_rect.xy, hi = v_rect.xy + v_rect.zw;
        vec2 grow0 = vec2((aaEdges & 1) == 0 ? margin + 1.0 : 0.0, (aaEdges & 4) == 0 ? margin + 1.0 : 0.0);
        vec2 grow1 = vec2((aaEdges & 2) == 0 ? margin + 1.0 : 0.0, (aaEdges & 8) == 0 ? margin + 1.0 : 0.0);
        shapeRect = vec4(lo - grow0, (hi + grow1) - (lo - grow0));
        bvec4 outside = bvec4(local.x < lo.x, local.x >= hi.x, local.y < lo.y, local.y >= hi.y);
        if ((aaEdges & 1) == 0 && outside.x) hard = 0.0;
        if ((aaEdges & 2) == 0 && outside.y) hard = 0.0;
        if ((aaEdges & 4) == 0 && outside.z) hard = 0.0;
        if ((aaEdges & 8) == 0 && outside.w) hard = 0.0;
    }
    float outer = roundedRectDistance(local, shapeRect, v_radii);
    float shape = coverage(outer) * hard;
    shape *= clipCoverage(v_clipIndex.x, v_clip0) * clipCoverage(v_clipIndex.y, v_clip1);
    if (shape <= 0.0) discard;

    vec4 color = v_fillColor;
    if ((flags & flagTextured) != 0) {
        vec4 texel = texture(u_texture, clamp(v_localAndUV.zw, v_texClamp.xy, v_texClamp.zw));
        color = texel + color * (1.0 - texel.a);
    }
    if (borderWidth > 0.0) {
        vec4 innerRect = vec4(v_rect.xy + borderWidth, v_rect.zw - 2.0 * borderWidth);
        float inner = roundedRectDistance(local, innerRect, max(v_radii - borderWidth, vec4(0.0)));
        vec4 border = v_borderColor * (1.0 - coverage(inner));
        if (innerRect.z <= 0.0 || innerRect.w <= 0.0) border = v_borderColor;
        color = border + color * (1.0 - border.a);
    }
    fragColor = color * (opacity * shape);
}
