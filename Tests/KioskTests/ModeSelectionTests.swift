import QuartzCoreDisplay
import XCTest

final class ModeSelectionTests: XCTestCase {
    private let modes = [
        CADisplayMode(name: "1920x1080", width: 1920, height: 1080, refreshMillihertz: 60000, isPreferred: true),
        CADisplayMode(name: "1920x1080", width: 1920, height: 1080, refreshMillihertz: 59940),
        CADisplayMode(name: "1920x1080", width: 1920, height: 1080, refreshMillihertz: 50000),
        CADisplayMode(name: "1280x720", width: 1280, height: 720, refreshMillihertz: 60000),
        CADisplayMode(name: "3840x2160", width: 3840, height: 2160, refreshMillihertz: 30000),
    ]

    private func connectors() -> [CADisplayConnector] {
        [CADisplayConnector(id: 40, name: "eDP-1", isConnected: false, modes: [], possibleCRTCIndexes: [0, 1]),
         CADisplayConnector(id: 41, name: "HDMI-A-1", isConnected: true, modes: modes, possibleCRTCIndexes: [0, 1]),
         CADisplayConnector(id: 42, name: "DP-2", isConnected: true, modes: [modes[3]], possibleCRTCIndexes: [1])]
    }

    /// CEA 1080p60: 148.5 MHz over 2200 x 1125 is exactly 60 Hz; 1080p59.94 uses 148.352 MHz.
    func testRefreshFromTimings() {
        XCTAssertEqual(CADisplayMode.refreshMillihertz(clockKilohertz: 148_500, horizontalTotal: 2200, verticalTotal: 1125), 60000)
        XCTAssertEqual(CADisplayMode.refreshMillihertz(clockKilohertz: 148_352, horizontalTotal: 2200, verticalTotal: 1125), 59940)
        // 1080i: the vertical total counts both fields.
        XCTAssertEqual(CADisplayMode.refreshMillihertz(clockKilohertz: 74_250, horizontalTotal: 2200, verticalTotal: 1125, interlaced: true), 60000)
        XCTAssertEqual(CADisplayMode(name: "", width: 1, height: 1, refreshMillihertz: 75000).refreshPeriod, 1.0 / 75, accuracy: 1e-12)
    }

    func testFirstConnectedConnectorByDefault() throws {
        XCTAssertEqual(try CADisplaySelection.connector(in: connectors(), request: CADisplayRequest()).name, "HDMI-A-1")
    }

    func testConnectorByNameIgnoresCase() throws {
        XCTAssertEqual(try CADisplaySelection.connector(in: connectors(), request: CADisplayRequest(connectorName: "dp-2")).id, 42)
    }

    func testUnknownAndDisconnectedConnectorsAreErrors() {
        XCTAssertThrowsError(try CADisplaySelection.connector(in: connectors(), request: CADisplayRequest(connectorName: "VGA-1"))) {
            XCTAssertEqual($0 as? CADisplaySelectionError, .unknownConnector("VGA-1", available: ["eDP-1", "HDMI-A-1", "DP-2"]))
        }
        XCTAssertThrowsError(try CADisplaySelection.connector(in: connectors(), request: CADisplayRequest(connectorName: "eDP-1"))) {
            XCTAssertEqual($0 as? CADisplaySelectionError, .connectorDisconnected("eDP-1"))
        }
        XCTAssertThrowsError(try CADisplaySelection.connector(in: [connectors()[0]], request: CADisplayRequest())) {
            XCTAssertEqual($0 as? CADisplaySelectionError, .noConnectedDisplay)
        }
    }

    func testPreferredModeByDefault() throws {
        let connector = connectors()[1]
        XCTAssertEqual(try CADisplaySelection.mode(of: connector, request: CADisplayRequest()), modes[0])
    }

    /// Without a preferred mode: the largest, then the fastest.
    func testLargestModeWithoutAPreferredOne() throws {
        let unflagged = modes.map { m -> CADisplayMode in var m = m; m.isPreferred = false; return m }
        let connector = CADisplayConnector(id: 1, name: "X-1", isConnected: true, modes: unflagged, possibleCRTCIndexes: [0])
        XCTAssertEqual(try CADisplaySelection.mode(of: connector, request: CADisplayRequest()).width, 3840)
    }

    func testModeBySizeAndRate() throws {
        let connector = connectors()[1]
        let size = (width: 1920, height: 1080)
        XCTAssertEqual(try CADisplaySelection.mode(of: connector, request: CADisplayRequest(size: size, refreshRate: 50)).refreshMillihertz, 50000)
        // 59.94 is nearer 59.9 than 60.
        XCTAssertEqual(try CADisplaySelection.mode(of: connector, request: CADisplayRequest(size: size, refreshRate: 59.9)).refreshMillihertz, 59940)
        // No rate: the fastest at that size.
        XCTAssertEqual(try CADisplaySelection.mode(of: connector, request: CADisplayRequest(size: size)).refreshMillihertz, 60000)
        XCTAssertThrowsError(try CADisplaySelection.mode(of: connector, request: CADisplayRequest(size: size, refreshRate: 75)))
        XCTAssertThrowsError(try CADisplaySelection.mode(of: connector, request: CADisplayRequest(size: (800, 600))))
    }

    func testParseMode() {
        XCTAssertNotNil(CADisplayRequest.parseMode("preferred"))
        XCTAssertNil(CADisplayRequest.parseMode("preferred")?.size)
        XCTAssertEqual(CADisplayRequest.parseMode("1920x1080@59.94")?.size?.width, 1920)
        XCTAssertEqual(CADisplayRequest.parseMode("1920x1080@59.94")?.refreshRate, 59.94)
        XCTAssertNil(CADisplayRequest.parseMode("1920x")?.size)
        XCTAssertNil(CADisplayRequest.parseMode("axb"))
        XCTAssertNil(CADisplayRequest.parseMode("1280x720@0"))
    }

    func testCRTCKeepsTheCurrentOneElseFirstFree() throws {
        var connector = connectors()[1]
        let crtcs: [UInt32] = [70, 71]
        XCTAssertEqual(try CADisplaySelection.crtcIndex(for: connector, crtcIDs: crtcs, inUse: [70]), 1)
        connector.currentCRTCID = 70
        XCTAssertEqual(try CADisplaySelection.crtcIndex(for: connector, crtcIDs: crtcs, inUse: []), 0)
        XCTAssertThrowsError(try CADisplaySelection.crtcIndex(for: connectors()[2], crtcIDs: crtcs, inUse: [71]))
    }

    func testConnectorNames() {
        XCTAssertEqual(CADisplayConnector.name(type: 11, typeID: 1), "HDMI-A-1")
        XCTAssertEqual(CADisplayConnector.name(type: 14, typeID: 1), "eDP-1")
        XCTAssertEqual(CADisplayConnector.name(type: 15, typeID: 1), "Virtual-1")
        XCTAssertEqual(CADisplayConnector.name(type: 99, typeID: 2), "Unknown99-2")
    }
}
