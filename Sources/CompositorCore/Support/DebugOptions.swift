import Foundation
import Logging

/// The debugging switches of the process, read once from the `QC_DEBUG` environment variable:
/// a comma-separated list of switch names (`QC_DEBUG=stats,damage`), and `log=LEVEL` for the
/// level of the executables' log (`QC_DEBUG=log=debug`).
///
/// Every debugging aid of the libraries is one switch here, so that one variable, parsed in one
/// place, turns any of them on. Reports that a switch asks for are logged at the info level by
/// the module that makes them (logger label: the module's name). An entry that names no switch
/// is ignored with a warning in the log, never silently.
package struct DebugOptions: Sendable, Equatable {
    /// A debugging aid that `QC_DEBUG` turns on, by its name in the variable.
    package enum Switch: String, CaseIterable, Sendable {
        /// Each GLES frame's statistics (draw calls, offscreen passes, quads, texture uploads,
        /// live GL objects), logged by GLESRenderer.
        case stats
        /// The median time of each part of a damage-tracked benchmark frame (making the list,
        /// tracking damage, rendering) and the damaged share of the canvas, logged by CompositorCore.
        case damage
        /// Every clip evaluated through the GLES clip table instead of analytically (to measure
        /// the analytic path).
        case clipTable = "clip-table"
        /// Every damage rectangle drawn scissored in turn instead of in one pass with a damage
        /// rectangle per instance (to measure the difference).
        case damageScissors = "damage-scissors"
        /// GLES batches whose quads need different shader features drawn whole with their union
        /// instead of split into one lean batch per feature set (to measure the difference).
        case wholeBatches = "whole-batches"
        /// Freed heap memory is never handed back to the system (to measure what trimming saves).
        case noMallocTrim = "no-malloc-trim"
        /// Every KMS frame's render time and every page flip, logged by QuartzCoreDisplay.
        case displayTrace = "display-trace"
        /// The CPU renderer's sprites painted by the baseline (SSE2) Swift lanes even where the
        /// processor runs the AVX2 kernel (to measure the kernel; the pixels are the same).
        case noWideKernels = "no-wide-kernels"
        /// The CPU renderer's quads prepared on one thread even where a list is long enough to be
        /// prepared on the painter's threads (to measure the difference; the pixels are the same).
        case serialPreparation = "serial-preparation"
        /// Long runs of sublayers flattened on one thread even where the frame builder would
        /// flatten them in parts on several (to measure the difference; the draw list is the same).
        case serialFlattening = "serial-flattening"
        /// Sublayers that only moved since the last frame flattened again instead of moved from
        /// its draw list (to measure the difference; the draw list is the same).
        case flattenMovedLayers = "flatten-moved-layers"
        /// Shadows drawn whole, also beneath the opaque layers that cast them, instead of as the
        /// ring around them (`ShadowRing`; to measure the difference; the pixels are the same).
        case wholeShadows = "whole-shadows"
        /// Canvas drawables that a later opaque quad hides whole drawn all the same, instead of
        /// left out (`HiddenCanvasRoots`; to measure the difference; the pixels are the same).
        case drawHidden = "draw-hidden"
    }

    /// The environment variable that holds the switches.
    package static let variableName = "QC_DEBUG"

    /// The switches turned on.
    package var switches: Set<Switch> = []
    /// The level that `log=LEVEL` asks of the executables' log, or nil for their default (info).
    package var logLevel: Logger.Level?
    /// The entries that name no switch, or a `log=` entry that names no level, in their order.
    package var unrecognized: [String] = []

    /// Parses a `QC_DEBUG` value: entries separated by commas, spaces around them and case
    /// ignored, empty entries skipped.
    package init(parsing value: String) {
        for entry in value.split(separator: ",") {
            let name = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty { continue }
            if let option = Switch(rawValue: name) {
                switches.insert(option)
            } else if name.hasPrefix("log="), let level = Logger.Level(rawValue: String(name.dropFirst(4))) {
                logLevel = level
            } else {
                unrecognized.append(name)
            }
        }
    }

    /// The switches of this process, from its `QC_DEBUG` variable.
    package static let current = DebugOptions(parsing: ProcessInfo.processInfo.environment[variableName] ?? "")

    /// Whether `option` is on in this process. The first call logs the entries of `QC_DEBUG`
    /// that name nothing.
    package static func isEnabled(_ option: Switch) -> Bool {
        reported.switches.contains(option)
    }

    /// `current`, its unrecognized entries logged on the first read (what renderers' options
    /// are filled from).
    package static var reported: DebugOptions {
        _ = reportedUnrecognized
        return current
    }

    /// Logs once, through CompositorCore's log, what `current` did not recognize. Kept apart from
    /// `current` so that a log handler factory may read `current` without logging.
    private static let reportedUnrecognized: Void = current.reportUnrecognized(to: CompositorCoreLog.logger)

    /// Logs a warning for each unrecognized entry, with the names that are recognized.
    package func reportUnrecognized(to logger: Logger) {
        let switchNames = Switch.allCases.map(\.rawValue).joined(separator: ", ")
        let levelNames = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        for entry in unrecognized {
            if entry.hasPrefix("log=") {
                logger.warning("\(Self.variableName): unknown log level in '\(entry)', ignored; levels: \(levelNames)")
            } else {
                logger.warning("\(Self.variableName): unknown switch '\(entry)', ignored; switches: \(switchNames), log=LEVEL")
            }
        }
    }

    /// The log handler of the project's executables: standard error, at the level that
    /// `QC_DEBUG`'s `log=LEVEL` names (info by default). An executable bootstraps swift-log with
    /// it first thing (`LoggingSystem.bootstrap(DebugOptions.makeLogHandler)`); a library never
    /// bootstraps, so an application embedding the libraries keeps its own logging.
    package static func makeLogHandler(label: String) -> any LogHandler {
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = current.logLevel ?? .info
        return handler
    }
}
