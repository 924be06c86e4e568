import CompositorCore
import Foundation
import Logging
import RendererTestSupport
import XCTest

/// `QC_DEBUG`: switch names and `log=LEVEL`, separated by commas; anything else is reported.
final class DebugOptionsTests: XCTestCase {
    func testSwitchesAreReadByNameIgnoringCaseSpacesAndEmptyEntries() {
        let options = DebugOptions(parsing: " stats, Damage,,clip-table ,damage-scissors,no-malloc-trim,display-trace,No-Wide-Kernels,")
        XCTAssertEqual(options.switches, [.stats, .damage, .clipTable, .damageScissors, .noMallocTrim, .displayTrace, .noWideKernels])
        XCTAssertNil(options.logLevel)
        XCTAssertEqual(options.unrecognized, [])
    }

    func testAnEmptyValueTurnsNothingOn() {
        XCTAssertEqual(DebugOptions(parsing: ""), DebugOptions(parsing: " , ,"))
        XCTAssertEqual(DebugOptions(parsing: "").switches, [])
    }

    func testLogNamesTheExecutablesLogLevel() {
        XCTAssertEqual(DebugOptions(parsing: "log=debug").logLevel, .debug)
        XCTAssertEqual(DebugOptions(parsing: "stats,log=TRACE").logLevel, .trace)
        XCTAssertEqual(DebugOptions(parsing: "stats,log=TRACE").switches, [.stats])
        XCTAssertEqual(DebugOptions(parsing: "log=error,log=warning").logLevel, .warning, "the last one wins")
    }

    func testUnknownEntriesAreKeptInOrder() {
        let options = DebugOptions(parsing: "stat,damage,log=loud,clips")
        XCTAssertEqual(options.switches, [.damage])
        XCTAssertNil(options.logLevel)
        XCTAssertEqual(options.unrecognized, ["stat", "log=loud", "clips"])
    }

    /// An unknown name is a warning in the log that names it and the known ones, never silence.
    func testUnknownEntriesAreLoggedAsWarnings() {
        let log = CapturedLog()
        DebugOptions(parsing: "stat,damage,log=loud").reportUnrecognized(to: log.logger(label: "DebugOptionsTests"))
        let events = log.entries
        XCTAssertEqual(events.map(\.level), [.warning, .warning])
        guard events.count == 2 else { return }
        XCTAssertTrue(events[0].message.contains("'stat'"), events[0].message)
        XCTAssertTrue(events[0].message.contains("stats, damage, clip-table"), events[0].message)
        XCTAssertTrue(events[1].message.contains("'log=loud'"), events[1].message)
        XCTAssertTrue(events[1].message.contains("trace, debug, info"), events[1].message)
    }

    func testNothingIsLoggedWhenEveryEntryIsKnown() {
        let log = CapturedLog()
        DebugOptions(parsing: "stats,log=info").reportUnrecognized(to: log.logger(label: "DebugOptionsTests"))
        XCTAssertEqual(log.entries.count, 0)
    }
}

/// Every switch is documented in the porting article's table of `QC_DEBUG` switches.
final class DebugOptionsDocumentationTests: XCTestCase {
    func testEverySwitchHasARowInThePortingArticle() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/QuartzCore/QuartzCore.docc/PortingFromApplePlatforms.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for option in DebugOptions.Switch.allCases {
            XCTAssertTrue(text.contains("| `\(option.rawValue)` |"), "no row for QC_DEBUG=\(option.rawValue)")
        }
        XCTAssertTrue(text.contains("| `log=LEVEL` |"), "no row for QC_DEBUG=log=LEVEL")
    }
}
