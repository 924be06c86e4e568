#version 300 es
// OpenQuartzCore layer filters, fragment stage (vertex stage: blur.vert.glsl): one step of a
// layer's `filters` over its group's image, premultiplied RGBA in and out.
//   mode 0: resample the source (a blurred image at a lower resolution back onto the group's pixels)
//   mode 1: colour matrix on straight colour (CIColorMatrix, CIColorControls, ...), clamped
//   mode 2: vibrance of `u_amount` on straight colour
//   mode 3: bloom, the source plus `u_amount` times `u_second` (its blur), clamped
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

out vec4 fragColor;

vec4 straight(vec4 p) { return p.a > 0.0 ? vec4(p.rgb / p.a, p.a) : vec4(0.0); }
vec4 premultiplied(vec4 c) { return vec4(c.rgb * c.a, c.a); }

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
    } else {
        fragColor = source;
    }
}
