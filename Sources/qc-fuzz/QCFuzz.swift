import ArgumentParser
import CompositorCore
import Foundation
import FuzzTargets
import Logging
#if QC_LIBFUZZER
import CLibFuzzer
#endif

/// `qc-fuzz TARGET [ARGUMENTS...]`: in a build instrumented for libFuzzer (`scripts/fuzz.sh`)
/// it fuzzes TARGET, passing ARGUMENTS (corpus folders, `-max_total_time=60`, …) to libFuzzer;
/// in an ordinary build it replays the files or folders ARGUMENTS name through TARGET, which is
/// how a crash that fuzzing found is reproduced and debugged.
@main
struct QCFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc-fuzz",
        abstract: "Fuzzes (instrumented build) or replays inputs through one of OpenQuartzCore's fuzz targets.",
        discussion: "Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")). "
            + "Build an instrumented binary and run every target with scripts/fuzz.sh.")

    @Argument(help: "The target: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
    var target: FuzzTarget

    @Argument(parsing: .captureForPassthrough,
              help: "libFuzzer's arguments when instrumented; otherwise input files or folders to replay.")
    var arguments: [String] = []

    func run() throws {
        LoggingSystem.bootstrap(DebugOptions.makeLogHandler)
        #if QC_LIBFUZZER
        LibFuzzerSession.run(target, arguments: arguments)
        #else
        let replayed = try InputReplay.replay(target, paths: arguments)
        print("qc-fuzz: replayed \(replayed) input(s) through \(target.rawValue) without a crash")
        #endif
    }
}

extension FuzzTarget: ExpressibleByArgument {}
