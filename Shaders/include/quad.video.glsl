// A video frame sampled straight from its Y'CbCr planes (QC_VIDEO; spliced into quad.frag.glsl by
// ShaderIncludes.swift, after sampleTexture, whose names it uses): luma from u_texture, chroma
// from where the frame's ChromaSiting places it, then the frame's YCbCrConversion matrix. No
// intermediate RGB texture: a new frame costs its planes' upload and nothing else.
uniform highp sampler2D u_chromaPlane;      // Cb (I420), or Cb and Cr interleaved (NV12)
uniform highp sampler2D u_redChromaPlane;   // Cr (I420), or the NV12 plane again
uniform vec2 u_redChromaComponent;          // picks Cr from u_redChromaPlane: (1, 0) I420, (0, 1) NV12
uniform vec4 u_chromaMap;                   // luma texels to chroma texture coordinates: scale (xy), offset (zw)
uniform vec4 u_videoToRed;                  // rows of the conversion: (Y', Cb, Cr, 1) as bytes to R'G'B'
uniform vec4 u_videoToGreen;
uniform vec4 u_videoToBlue;

// The opaque R'G'B' colour of the frame at luma texture coordinate `uv` (clamped) of a quad whose
// unclamped coordinate is `raw`. Luma is read as sampleTexture reads an image (the sampler's
// filter, or the nearest texel picked here); chroma at the luma position mapped into chroma
// texels, p / 2 on a co-sited axis, p / 2 - 1/4 halfway (plus 1/2 to a texel's centre), filtered
// linearly, so the texture unit blends the chroma samples around it by distance (the weights of
// ChromaSiting.neighbours at luma texel centres) and clamps at the edges as the CPU conversion does.
vec4 sampleVideo(vec2 uv, vec2 raw) {
    vec2 size = vec2(textureSize(u_texture, 0));
    vec2 stepX = dFdx(raw * size), stepY = dFdy(raw * size);
    float footprint = sqrt(max(dot(stepX, stepX), dot(stepY, stepY)));
    int flag = footprint <= 1.0 ? flagNearestMagnification : flagNearestMinification;
    bool nearest = (int(v_params.z) & flag) != 0;
    // The luma position in texels (texel centres at whole numbers).
    vec2 luma = nearest ? floor(uv * size + nearestPixelNudge * footprint) : uv * size - 0.5;
    // One read (the coordinate is chosen, not the texel: llvmpipe runs both sides of a choice),
    // a nearest texel at its centre, where any filter returns it exactly; the planes have one
    // level, so the implicit level of detail selects no other image.
    float y = texture(u_texture, nearest ? (luma + 0.5) / size : uv).r;
    vec2 t = luma * u_chromaMap.xy + u_chromaMap.zw;
    vec3 samples = vec3(y, texture(u_chromaPlane, t).r, dot(texture(u_redChromaPlane, t).rg, u_redChromaComponent));
    vec4 s = vec4(samples * 255.0, 1.0);
    return vec4(clamp(vec3(dot(u_videoToRed, s), dot(u_videoToGreen, s), dot(u_videoToBlue, s)), 0.0, 1.0), 1.0);
}
