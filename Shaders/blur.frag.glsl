#version 300 es
// OpenQuartzCore separable Gaussian blur, fragment stage: one direction of the blur of a
// texture's alpha (shadows are tinted later), or of all four channels (layer filters). Outside the source's content the texture holds
// transparent texels (a cleared border), so taps beyond the content read zero.
precision highp float;

const int maximumRadius = 32;

uniform sampler2D u_source;
uniform vec4 u_map;                           // source coordinate = gl_FragCoord.xy * u_map.xy + u_map.zw
uniform vec2 u_step;                          // source coordinate step between taps
uniform int u_radius;                         // taps on each side of the centre
uniform float u_weights[maximumRadius + 1];   // normalized weights by distance from the centre
uniform int u_allChannels;                    // 0: alpha into every channel; 1: each channel
uniform vec4 u_clamp;                         // taps clamped to xy...zw: the edge texels repeat (a backdrop)

vec4 tap(vec2 coordinate) { return texture(u_source, clamp(coordinate, u_clamp.xy, u_clamp.zw)); }

out vec4 fragColor;

void main() {
    vec2 centre = gl_FragCoord.xy * u_map.xy + u_map.zw;
    vec4 sum = u_weights[0] * tap(centre);
    for (int k = 1; k <= u_radius; ++k) {
        vec2 offset = float(k) * u_step;
        sum += u_weights[k] * (tap(centre - offset) + tap(centre + offset));
    }
    fragColor = u_allChannels == 1 ? sum : vec4(sum.a);
}
