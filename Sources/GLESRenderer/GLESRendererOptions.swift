import CompositorCore

extension GLESRenderer {
    /// Choices that change how a renderer draws a frame, never what: each one exists to measure
    /// one of the renderer's paths against another or to report on it.
    ///
    /// A renderer created without options takes `fromEnvironment`: the defaults, changed by the
    /// switches of the `QC_DEBUG` environment variable (`QC_DEBUG=stats,clip-table`). Nothing in
    /// the renderer reads the environment itself.
    public struct Options: Sendable, Equatable {
        /// Whether each frame's statistics (draw calls, offscreen passes, quads, uploads, live GL
        /// objects) are logged at the info level. The default is false; `QC_DEBUG=stats` sets it.
        public var logsStatistics = false
        /// Whether clips in a quad's own plane are evaluated from instance attributes rather than
        /// walked in the clip table. The default is true; `QC_DEBUG=clip-table` clears it.
        public var usesAnalyticClips = true
        /// Whether a batch of quads that need different shader features is split into one lean
        /// batch per feature set where their order allows, rather than drawn whole with their
        /// union. The default is true; `QC_DEBUG=whole-batches` clears it.
        public var usesLeanBatches = true
        /// Whether a frame damaged in several rectangles draws each rectangle scissored in turn,
        /// rather than once with a damage rectangle per instance. The default is false;
        /// `QC_DEBUG=damage-scissors` sets it.
        public var scissorsEachDamageRectangle = false
        /// Whether a shadow under an opaque layer is drawn only around the layer's interior where
        /// that saves fragments (`ShadowRing`). The default is true; `QC_DEBUG=whole-shadows` clears it.
        public var cutsShadowsUnderOpaqueLayers = true
        /// Whether a canvas drawable that a later opaque quad hides whole is left out
        /// (`HiddenCanvasRoots`). The default is true; `QC_DEBUG=draw-hidden` clears it.
        public var leavesOutHiddenDrawables = true

        /// Creates the default options.
        public init() {}

        /// The default options, changed by the switches `debug` turns on.
        package init(_ debug: DebugOptions) {
            logsStatistics = debug.switches.contains(.stats)
            usesAnalyticClips = !debug.switches.contains(.clipTable)
            usesLeanBatches = !debug.switches.contains(.wholeBatches)
            scissorsEachDamageRectangle = debug.switches.contains(.damageScissors)
            cutsShadowsUnderOpaqueLayers = !debug.switches.contains(.wholeShadows)
            leavesOutHiddenDrawables = !debug.switches.contains(.drawHidden)
        }

        /// The options the `QC_DEBUG` environment variable of this process asks for.
        public static var fromEnvironment: Options {
            Options(DebugOptions.reported)
        }
    }
}
