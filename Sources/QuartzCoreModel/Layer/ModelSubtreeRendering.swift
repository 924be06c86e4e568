import Foundation

/// What draws a layer's model subtree into a context for `CALayer.render(in:)`.
///
/// Drawing a subtree takes the render server's flattener and a renderer, which sit above the
/// model, so the model only names the job: the `QuartzCore` module conforms `CALayer` to it
/// (`CALayer+RenderInContext.swift`), and `render(in:)` finds that conformance at run time with a
/// dynamic cast. Every program that has a layer imports `QuartzCore`, which links it.
package protocol ModelSubtreeRendering {
    /// Draws the layer's subtree, with its model values, into `ctx` in the layer's own space.
    func renderModelSubtree(in ctx: CGContext)
}
