import CompositorCore

extension CPURenderer {
    /// Choices that change how a renderer paints a frame, never its pixels: each one exists to
    /// measure one of the renderer's paths against another.
    ///
    /// A renderer created without options takes `fromEnvironment`: the defaults, changed by the
    /// switches of the `QC_DEBUG` environment variable (`QC_DEBUG=serial-preparation`). Nothing in
    /// the renderer reads the environment itself.
    public struct Options: Sendable, Equatable {
        /// Whether a long list of drawables is prepared on the painting threads rather than on
        /// the calling thread alone. The default is true; `QC_DEBUG=serial-preparation` clears it.
        public var preparesInParallel = true
        /// Whether sprites and untextured affine quads' edges are painted by the AVX2 kernels where the
        /// processor runs them, not the baseline lanes. The default is true; `QC_DEBUG=no-wide-kernels` clears it.
        public var usesWideSpriteKernel = true
        /// Whether a shadow under an opaque layer is painted only around the layer's interior where
        /// that saves pixels (`ShadowRing`). The default is true; `QC_DEBUG=whole-shadows` clears it.
        public var cutsShadowsUnderOpaqueLayers = true

        /// Creates the default options.
        public init() {}

        /// The default options, changed by the switches `debug` turns on.
        package init(_ debug: DebugOptions) {
            preparesInParallel = !debug.switches.contains(.serialPreparation)
            usesWideSpriteKernel = !debug.switches.contains(.noWideKernels)
            cutsShadowsUnderOpaqueLayers = !debug.switches.contains(.wholeShadows)
        }

        /// The options the `QC_DEBUG` environment variable of this process asks for.
        public static var fromEnvironment: Options {
            Options(DebugOptions.reported)
        }
    }
}
