#version 300 es
// OpenQuartzCore separable Gaussian blur, vertex stage: one triangle strip over the whole
// viewport; the fragment stage works from gl_FragCoord.
precision highp float;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
