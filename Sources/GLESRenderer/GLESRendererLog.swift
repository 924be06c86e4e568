import Logging

/// Where the GLES renderer reports what it draws differently from what it was given (an image
/// larger than the GPU's textures, clips nested too deep) and the statistics `QC_DEBUG=stats` asks for.
enum GLESRendererLog {
    static let logger = Logger(label: "GLESRenderer")
}
