import QuartzCore
import RendererTestSupport
import XCTest

/// A chain of 10,000 nested layers renders on both renderers, from a thread with a small stack.
///
/// Every layer of the chain sits 0.004 points right and 0.003 points down of its superlayer, so
/// the deepest one, a 10 x 10 red square, is drawn at (40, 30): the probes prove that every
/// level's transform was applied. A second frame recolours the deepest layer: the render tree's
/// subtree versions must reach the root, 10,000 levels up, or the subtree cache would draw the
/// old colour.
final class DeepTreeRenderTests: XCTestCase {
    static let depth = 10_000
    /// Smaller than the 8 MiB that threads get on Linux (the main thread, Foundation `Thread`s and
    /// dispatch workers, every thread this library renders on): Darwin's secondary-thread size.
    static let smallStack = 512 * 1024

    func testDeepChainOnGLESRenderer() throws {
        let probes = try DeepChainScene.render(depth: Self.depth, stackSize: Self.smallStack) {
            try CARenderer(pixelWidth: 64, pixelHeight: 64)
        }
        check(probes)
    }

    func testDeepChainOnCPURenderer() throws {
        let probes = try DeepChainScene.render(depth: Self.depth, stackSize: Self.smallStack) {
            try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        }
        check(probes)
    }

    /// Every link a transform layer: the chain is collected for depth sorting 10,000 levels deep.
    /// (The walk is the flattener's, the same for both renderers: the CPU one draws it.)
    func testDeepTransformLayerChain() throws {
        check(try DeepChainScene.render(depth: Self.depth, stackSize: Self.smallStack, link: { CATransformLayer() }) {
            try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        })
    }

    /// The top link almost opaque: whether its subtree needs group opacity is decided by a walk
    /// of the picture 10,000 levels deep (a single drawable: no group, no visible change).
    func testDeepChainUnderGroupOpacity() throws {
        check(try DeepChainScene.render(depth: Self.depth, stackSize: Self.smallStack, topOpacity: 0.999) {
            try CARenderer(pixelWidth: 64, pixelHeight: 64)
        })
    }

    private func check(_ probes: DeepChainScene.Probes, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(probes.stackSize, Self.smallStack, "the test thread's stack", file: file, line: line)
        func expect(_ actual: [Int]?, _ expected: [Int], _ message: String, file: StaticString, line: UInt) {
            XCTAssertEqual(actual?.count, 4, message, file: file, line: line)
            XCTAssertPixel(actual ?? [], expected, tolerance: 3, message, file: file, line: line)
        }
        let white = [255, 255, 255, 255], red = [255, 0, 0, 255], blue = [0, 0, 255, 255]
        for (frame, colour) in [(probes.first, red), (probes.second, blue)] {
            expect(frame["inside"], colour, "centre of the deepest layer (45, 35)", file: file, line: line)
            expect(frame["topLeft"], colour, "just inside its top-left corner (40.5, 30.5)", file: file, line: line)
            expect(frame["bottomRight"], colour, "just inside its bottom-right corner (49.5, 39.5)", file: file, line: line)
            expect(frame["left"], white, "left of it (39.5, 35)", file: file, line: line)
            expect(frame["above"], white, "above it (45, 29.5)", file: file, line: line)
            expect(frame["right"], white, "right of it (50.5, 35)", file: file, line: line)
            expect(frame["below"], white, "below it (45, 40.5)", file: file, line: line)
            expect(frame["origin"], white, "where an undisplaced layer would be (5, 5)", file: file, line: line)
        }
    }
}

/// Builds, commits and renders the deep chain on a thread of a given stack size.
enum DeepChainScene {
    struct Probes: Sendable {
        var stackSize = 0
        var first: [String: [Int]] = [:]
        var second: [String: [Int]] = [:]
    }

    static let points: [String: (Int, Int)] = [
        "inside": (45, 35), "topLeft": (40, 30), "bottomRight": (49, 39), "left": (39, 35), "above": (45, 29),
        "right": (50, 35), "below": (45, 40), "origin": (5, 5),
    ]

    static func render(depth: Int, stackSize: Int, link: @escaping @Sendable () -> CALayer = { CALayer() },
                       topOpacity: Float = 1, renderer make: @escaping @Sendable () throws -> CARenderer) throws -> Probes {
        let outcome = OnThread.run(stackSize: stackSize) { () throws -> Probes in
            var probes = Probes()
            probes.stackSize = Thread.current.stackSize
            let (root, deepest) = chain(depth: depth, link: link)
            root.sublayers?.first?.opacity = topOpacity
            CATransaction.flush()
            let renderer = try make()
            renderer.layer = root
            try renderer.renderFrame(atTime: 0)
            probes.first = try read(renderer.makeImage())
            deepest.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.flush()
            try renderer.renderFrame(atTime: 0)
            probes.second = try read(renderer.makeImage())
            return probes
        }
        return try outcome.get()
    }

    /// A white root and `depth` nested layers under it (made by `link`, but for the deepest); the
    /// deepest is a red 10 x 10 square.
    static func chain(depth: Int, link: () -> CALayer) -> (root: CALayer, deepest: CALayer) {
        // Built from the bottom up: adding a layer to a parent with no superlayer costs the
        // same at any depth.
        let deepest = CALayer()
        deepest.frame = CGRect(x: 0.004, y: 0.003, width: 10, height: 10)
        deepest.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var top = deepest
        for _ in 1..<depth {
            let layer = link()
            layer.frame = CGRect(x: 0.004, y: 0.003, width: 10, height: 10)
            layer.addSublayer(top)
            top = layer
        }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(top)
        return (root, deepest)
    }

    private static func read(_ image: CGImage) -> [String: [Int]] {
        points.mapValues { x, y in
            guard let p = image.premultipliedPixel(x: x, y: y) else { return [] }
            return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
        }
    }
}

/// Runs work on a new thread with a chosen stack size and waits for it.
enum OnThread {
    static func run<R: Sendable>(stackSize: Int, _ work: @escaping @Sendable () throws -> R) -> Result<R, Error> {
        let box = ResultBox<R>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try work() }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return box.result!
    }

    private final class ResultBox<R>: @unchecked Sendable {
        var result: Result<R, Error>?
    }
}
