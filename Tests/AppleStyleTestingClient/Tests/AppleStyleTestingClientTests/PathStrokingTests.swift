import Testing
import QuartzCore

/// Hit-testing a stroked outline, as a porter's custom layer hit test does.
struct PathStrokingTests {
    @Test func strokedLineContainsPointsWithinHalfItsWidth() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 110, y: 10))
        let outline = path.copy(strokingWithWidth: 8, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(outline.contains(CGPoint(x: 60, y: 13.9)))
        #expect(!outline.contains(CGPoint(x: 60, y: 14.1)))
        #expect(outline.contains(CGPoint(x: 6.1, y: 10)))
        #expect(abs(outline.boundingBox.minX - 6) < 1e-6)
    }

    @Test func dashedPathHasTheDashes() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 50, y: 0))
        let dashed = path.copy(dashingWithPhase: 0, lengths: [10, 10])
        var moves = 0
        dashed.applyWithBlock { element in
            if element.pointee.type == .moveToPoint { moves += 1 }
        }
        #expect(moves == 3)
    }
}
