#version 300 es
// OpenQuartzCore layer filters, fragment stage (vertex stage: blur.vert.glsl): one step of a
// layer's `filters` over its group's image, premultiplied RGBA in and out.
//   mode 0: resample the source (a blurred image at a lower resolution back onto the group's pixels)
//   mode 1: colour matrix on straight colour (CIColorMatrix, CIColorControls, ...), clamped
//   mode 2: vibrance of `u_amount` on straight colour
//   mode 3: bloom, the source plus `u_amount` times `u_second` (its blur), clamped
//   mode 4: blend, the source's colour mixed with the backdrop `u_second` by formula `u_blend`
//           (a CGBlendMode's raw value, the W3C's formulas), for compositing source-over
precision highp float;

uniform sampler2D u_source;
uniform sampler2D u_second;
uniform vec4 u_map;          // source coordinate = gl_FragCoord.xy * u_map.xy + u_map.zw
uniform vec4 u_secondMap;    // the same for u_second
uniform vec4 u_clamp;        // source coordinates clamped to xy...zw (a backdrop's edge texels repeat)
uniform vec4 u_secondClamp;  // the same for u_second
uniform int u_mode;
uniform mat4 u_matrix;       // columns are the weights of r, g, b, a
uniform vec4 u_bias;
uniform float u_amount;
uniform int u_blend;         // CGBlendMode's raw value, normal ... luminosity

out vec4 fragColor;

vec4 straight(vec4 p) { return p.a > 0.0 ? vec4(p.rgb / p.a, p.a) : vec4(0.0); }
vec4 premultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }

float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

vec3 setLum(vec3 c, float l) {
    c += l - lum(c);
    float m = lum(c), n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
    vec3 out_ = c;
    if (n < 0.0) out_ = m + (out_ - m) * m / (m - n);
    if (x > 1.0) out_ = m + (out_ - m) * (1.0 - m) / (x - m);
    return out_;
}

float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

vec3 setSat(vec3 c, float s) {
    float high = max(c.r, max(c.g, c.b)), low = min(c.r, min(c.g, c.b));
    return high > low ? (c - low) * s / (high - low) : vec3(0.0);
}

vec3 hardLight(vec3 b, vec3 s) {
    vec3 t = 2.0 * s - 1.0;
    return mix(b * 2.0 * s, b + t - b * t, 1.0 - step(s, vec3(0.5)));
}

vec3 softLight(vec3 b, vec3 s) {
    vec3 d = mix(((16.0 * b - 12.0) * b + 4.0) * b, sqrt(b), 1.0 - step(b, vec3(0.25)));
    vec3 dark = b - (1.0 - 2.0 * s) * b * (1.0 - b);
    vec3 light = b + (2.0 * s - 1.0) * (d - b);
    return mix(dark, light, 1.0 - step(s, vec3(0.5)));
}

float dodge(float b, float s) { return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
float burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }

vec3 blendMix(int mode, vec3 b, vec3 s) {
    if (mode == 1) return b * s;
    if (mode == 2) return b + s - b * s;
    if (mode == 3) return hardLight(s, b);
    if (mode == 4) return min(b, s);
    if (mode == 5) return max(b, s);
    if (mode == 6) return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));
    if (mode == 7) return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));
    if (mode == 8) return softLight(b, s);
    if (mode == 9) return hardLight(b, s);
    if (mode == 10) return abs(b - s);
    if (mode == 11) return b + s - 2.0 * b * s;
    if (mode == 12) return setLum(setSat(s, sat(b)), lum(b));
    if (mode == 13) return setLum(setSat(b, sat(s)), lum(b));
    if (mode == 14) return setLum(s, lum(b));
    if (mode == 15) return setLum(b, lum(s));
    return s;
}

void main() {
    vec4 source = texture(u_source, clamp(gl_FragCoord.xy * u_map.xy + u_map.zw, u_clamp.xy, u_clamp.zw));
    if (u_mode == 1) {
        fragColor = premultiplied(clamp(u_matrix * straight(source) + u_bias, 0.0, 1.0));
    } else if (u_mode == 2) {
        vec4 c = straight(source);
        float largest = max(c.r, max(c.g, c.b));
        float mean = (c.r + c.g + c.b) / 3.0;
        vec3 rgb = clamp(mix(c.rgb, vec3(largest), (largest - mean) * (-3.0 * u_amount)), 0.0, 1.0);
        fragColor = premultiplied(vec4(rgb, c.a));
    } else if (u_mode == 3) {
        vec4 blurred = texture(u_second, clamp(gl_FragCoord.xy * u_secondMap.xy + u_secondMap.zw, u_secondClamp.xy, u_secondClamp.zw));
        vec4 sum = clamp(source + u_amount * blurred, 0.0, 1.0);
        fragColor = vec4(min(sum.rgb, vec3(sum.a)), sum.a);
    } else if (u_mode == 4) {
        vec4 backdrop = texture(u_second, clamp(gl_FragCoord.xy * u_secondMap.xy + u_secondMap.zw, u_secondClamp.xy, u_secondClamp.zw));
        if (source.a <= 0.0) {
            fragColor = vec4(0.0);
        } else {
            vec3 cs = clamp(source.rgb / source.a, 0.0, 1.0);
            vec3 cb = backdrop.a > 0.0 ? clamp(backdrop.rgb / backdrop.a, 0.0, 1.0) : vec3(0.0);
            vec3 mixed = (1.0 - backdrop.a) * cs + backdrop.a * blendMix(u_blend, cb, cs);
            fragColor = vec4(clamp(mixed, 0.0, 1.0) * source.a, source.a);
        }
    } else {
        fragColor = source;
    }
}
