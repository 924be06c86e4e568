@testable import QuartzCoreDisplay
import XCTest

/// The hot-plug state machine: no display → waiting; connect → mode set → running; unplug →
/// waiting; seat disabled meanwhile → paused, and back to where it was (a modeset first).
final class DisplayConnectionStateTests: XCTestCase {
    private func run(_ events: [DisplayConnectionState.Event], from start: DisplayConnectionState = .waiting) -> [DisplayConnectionState] {
        var state = start
        return events.map { state = state.after($0); return state }
    }

    func testStartingWithoutADisplayWaitsAndLightsTheOneThatAppears() {
        let start = DisplayConnectionState.waiting
        XCTAssertTrue(start.isWaitingForDisplay)
        XCTAssertNil(start.connectorID)
        XCTAssertEqual(run([.displayAttached(connectorID: 42), .modeSet]),
                       [.settingMode(connectorID: 42), .running(connectorID: 42)])
    }

    func testUnplugGoesBackToWaitingAndAReplugRunsAgain() {
        XCTAssertEqual(run([.displayAttached(connectorID: 7), .modeSet, .displayDetached, .displayAttached(connectorID: 9), .modeSet]),
                       [.settingMode(connectorID: 7), .running(connectorID: 7), .waiting, .settingMode(connectorID: 9), .running(connectorID: 9)])
    }

    func testSeatDisabledWhileRunningPausesAndItsReturnSetsTheModeAgain() {
        let states = run([.displayAttached(connectorID: 3), .modeSet, .seatDisabled, .seatEnabled, .modeSet])
        XCTAssertEqual(states[2], .paused(resumes: .running(connectorID: 3)))
        XCTAssertTrue(states[2].isPaused)
        XCTAssertFalse(states[2].isWaitingForDisplay, "nothing is probed while the seat is away")
        XCTAssertEqual(states[3], .settingMode(connectorID: 3), "another session may have set its own mode")
        XCTAssertEqual(states[4], .running(connectorID: 3))
    }

    func testSeatDisabledWhileWaitingPausesAndReturnsToWaiting() {
        XCTAssertEqual(run([.seatDisabled, .seatEnabled]), [.paused(resumes: .waiting), .waiting])
    }

    func testAnUnplugWhileTheSeatIsAwayIsRememberedForItsReturn() {
        XCTAssertEqual(run([.displayAttached(connectorID: 5), .modeSet, .seatDisabled, .displayDetached, .seatEnabled]),
                       [.settingMode(connectorID: 5), .running(connectorID: 5), .paused(resumes: .running(connectorID: 5)),
                        .paused(resumes: .waiting), .waiting])
    }

    func testASecondDisableAndAStrayEnableChangeNothing() {
        XCTAssertEqual(run([.seatDisabled, .seatDisabled]), [.paused(resumes: .waiting), .paused(resumes: .waiting)])
        XCTAssertEqual(run([.seatEnabled], from: .running(connectorID: 1)), [.running(connectorID: 1)])
    }

    func testABrokenLinkSetsTheModeAgainOnTheSameConnector() {
        XCTAssertEqual(run([.linkBroken, .modeSet], from: .running(connectorID: 8)),
                       [.settingMode(connectorID: 8), .running(connectorID: 8)])
    }

    func testEventsThatMakeNoSenseInAStateLeaveIt() {
        XCTAssertEqual(run([.modeSet, .linkBroken, .displayDetached]), [.waiting, .waiting, .waiting])
        XCTAssertEqual(run([.displayAttached(connectorID: 2)], from: .running(connectorID: 1)), [.running(connectorID: 1)])
    }
}
