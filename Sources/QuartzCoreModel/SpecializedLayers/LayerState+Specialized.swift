import Foundation

// Typed views of the specialized payload, so that the classes' setters and the accessor tables
// can use ordinary writable key paths (`\LayerState.shape.strokeEnd`). Reading a view of another
// kind returns that kind's defaults; writing one replaces the payload.
extension LayerState {
    /// The payload of a `CAShapeLayer`.
    var shape: ShapeLayerState {
        get { if case .shape(let s)? = specialized { return s }; return ShapeLayerState() }
        set { specialized = .shape(newValue) }
    }

    /// The payload of a `CATextLayer`.
    var text: TextLayerState {
        get { if case .text(let s)? = specialized { return s }; return TextLayerState() }
        set { specialized = .text(newValue) }
    }

    /// The payload of a `CAGradientLayer`.
    var gradient: GradientLayerState {
        get { if case .gradient(let s)? = specialized { return s }; return GradientLayerState() }
        set { specialized = .gradient(newValue) }
    }

    /// The payload of a `CAReplicatorLayer`.
    package var replicator: ReplicatorLayerState {
        get { if case .replicator(let s)? = specialized { return s }; return ReplicatorLayerState() }
        set { specialized = .replicator(newValue) }
    }

    /// The payload of a `CAScrollLayer`.
    var scroll: ScrollLayerState {
        get { if case .scroll(let s)? = specialized { return s }; return ScrollLayerState() }
        set { specialized = .scroll(newValue) }
    }

    /// The payload of a `CATiledLayer`.
    var tiled: TiledLayerState {
        get { if case .tiled(let s)? = specialized { return s }; return TiledLayerState() }
        set { specialized = .tiled(newValue) }
    }

    /// The payload of a `CAEmitterLayer`.
    var emitter: EmitterLayerState {
        get { if case .emitter(let s)? = specialized { return s }; return EmitterLayerState() }
        set { specialized = .emitter(newValue) }
    }

    /// The payload of a `CAOpenGLLayer`.
    package var openGL: OpenGLLayerState {
        get { if case .openGL(let s)? = specialized { return s }; return OpenGLLayerState() }
        set { specialized = .openGL(newValue) }
    }
}
