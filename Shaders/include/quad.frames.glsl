// The per-quad constants of a rounded rect's distance field, included by quad.vert.glsl and
// quad.frag.glsl (ShaderIncludes.swift splices it in before compiling): one text, so the
// constants have the same bits whichever stage makes them.

// The centre and half size of `rect`, and `radii` capped at the smaller half size.
void distanceFrame(vec4 rect, vec4 radii, out vec4 frame, out vec4 cappedRadii) {
    vec2 halfSize = max(rect.zw * 0.5, vec2(0.0));
    frame = vec4(rect.xy + rect.zw * 0.5, halfSize);
    cappedRadii = min(radii, vec4(min(halfSize.x, halfSize.y)));
}

// The distance frame of a border's inner rect (the rect inset by the width, its radii less the
// width); a border with no inner rect gets one infinitely far inside, so it covers the whole quad.
void borderFrame(vec4 rect, vec4 radii, float borderWidth, out vec4 frame, out vec4 cappedRadii) {
    vec4 innerRect = vec4(rect.xy + borderWidth, rect.zw - 2.0 * borderWidth);
    distanceFrame(innerRect, max(radii - borderWidth, vec4(0.0)), frame, cappedRadii);
    if (innerRect.z <= 0.0 || innerRect.w <= 0.0) {
        frame.zw = vec2(-1e18);
        cappedRadii = vec4(0.0);
    }
}
