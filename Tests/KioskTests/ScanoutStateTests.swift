import CompositorCore
import Foundation
import QuartzCore
@testable import QuartzCoreDisplay
import XCTest

/// A scanout that records what it was asked and fails on demand, as a driver does (EBUSY while
/// a flip is queued, EACCES without DRM master, EINVAL for a rejected configuration).
private final class ScanoutDouble: KMSScanout {
    let kind = "double"
    let sendsDamageClips = true
    enum Call: Equatable { case modeset(UInt32), flip(UInt32) }
    private(set) var calls: [Call] = []
    /// Errors the next commits throw, first first; a call with none left succeeds.
    var failures: [CADisplayError] = []

    func modeset(framebuffer: UInt32) throws {
        calls.append(.modeset(framebuffer))
        if !failures.isEmpty { throw failures.removeFirst() }
    }

    func flip(framebuffer: UInt32, damage: [PixelRect], userData: UnsafeMutableRawPointer) throws {
        calls.append(.flip(framebuffer))
        if !failures.isEmpty { throw failures.removeFirst() }
    }
}

/// The output's scanout state against a scanout that fails on demand: a failed flip does not
/// wedge it, a lost flip event is given up, nothing is submitted while the seat is away, and the
/// seat's return sets the mode again.
final class ScanoutStateTests: XCTestCase {
    private let scanout = ScanoutDouble()
    private var state = ScanoutState()
    private var token = 0
    private let damage = [PixelRect(x: 0, y: 0, width: 8, height: 8)]

    private func submit(_ framebuffer: UInt32, at now: CFTimeInterval) throws -> ScanoutState.Outcome {
        try withUnsafeMutablePointer(to: &token) { pointer in
            try state.submit(framebuffer: framebuffer, damage: damage, on: scanout, userData: pointer, now: now)
        }
    }

    func testTheFirstFrameSetsTheModeAndTheNextFlip() throws {
        XCTAssertEqual(try submit(1, at: 0), .modeset)
        XCTAssertFalse(state.isFlipPending, "a modeset shows the frame at once")
        XCTAssertEqual(try submit(2, at: 0.016), .flipQueued)
        XCTAssertTrue(state.isFlipPending)
        XCTAssertEqual(try XCTUnwrap(state.flipCompleted(at: 0.030)), 0.014, accuracy: 1e-9)
        XCTAssertFalse(state.isFlipPending)
        XCTAssertEqual(scanout.calls, [.modeset(1), .flip(2)])
    }

    func testAFailedFlipLeavesNothingPendingAndTheNextFrameSetsTheMode() throws {
        _ = try submit(1, at: 0)
        for error in ["EBUSY", "EINVAL", "EACCES"] {
            XCTAssertEqual(try submit(2, at: 1), .flipQueued, "precondition: flips work between failures")
            _ = state.flipCompleted(at: 1.016)
            scanout.failures = [.call("drmModeAtomicCommit(NONBLOCK)", detail: error)]
            XCTAssertThrowsError(try submit(3, at: 2), error)
            XCTAssertFalse(state.isFlipPending, "no flip awaits an event that will never come (\(error))")
            XCTAssertTrue(state.needsModeset)
            XCTAssertEqual(try submit(4, at: 3), .modeset, "the retried frame re-lights the CRTC (\(error))")
        }
        XCTAssertEqual(scanout.calls.suffix(3), [.flip(2), .flip(3), .modeset(4)])
    }

    func testAFailedModesetIsTriedAgain() throws {
        scanout.failures = [.call("drmModeSetCrtc", detail: "EINVAL")]
        XCTAssertThrowsError(try submit(1, at: 0))
        XCTAssertEqual(try submit(1, at: 1), .modeset)
        XCTAssertEqual(scanout.calls, [.modeset(1), .modeset(1)])
    }

    func testALostFlipEventIsGivenUpAfterTheTimeout() throws {
        _ = try submit(1, at: 0)
        _ = try submit(2, at: 10)
        XCTAssertFalse(state.giveUpLostFlip(now: 10 + ScanoutState.lostFlipTimeout - 0.01))
        XCTAssertTrue(state.isFlipPending)
        XCTAssertTrue(state.giveUpLostFlip(now: 10 + ScanoutState.lostFlipTimeout + 0.01))
        XCTAssertFalse(state.isFlipPending)
        XCTAssertEqual(try submit(3, at: 12), .modeset)
    }

    func testNothingIsSubmittedWhileTheSeatIsAwayAndItsReturnSetsTheMode() throws {
        _ = try submit(1, at: 0)
        _ = try submit(2, at: 0.016) // a flip in flight when the VT switches
        state.pause()
        XCTAssertFalse(state.isFlipPending, "the flip's event will not come while the seat is away")
        let callsWhileActive = scanout.calls.count
        for n in 0..<5 { XCTAssertEqual(try submit(UInt32(10 + n), at: 1 + Double(n)), .paused) }
        XCTAssertEqual(scanout.calls.count, callsWhileActive, "no commit without DRM master")
        state.resume()
        XCTAssertEqual(try submit(20, at: 10), .modeset)
        XCTAssertEqual(try submit(21, at: 10.016), .flipQueued)
        XCTAssertEqual(scanout.calls.suffix(2), [.modeset(20), .flip(21)])
    }

    func testANewDisplaySetsTheMode() throws {
        _ = try submit(1, at: 0)
        state.requireModeset() // unplugged and plugged back: a new connector, mode and CRTC
        XCTAssertEqual(try submit(2, at: 1), .modeset)
    }

    func testAPermissionErrorIsTellingOfALostMaster() {
        XCTAssertTrue(CADisplayError.errno("drmModeAtomicCommit(NONBLOCK)", -EACCES).isPermissionDenied)
        XCTAssertFalse(CADisplayError.errno("drmModeAtomicCommit(NONBLOCK)", -EBUSY).isPermissionDenied)
        XCTAssertFalse(CADisplayError.noDevice("none").isPermissionDenied)
    }
}
