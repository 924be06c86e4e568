import Foundation
import Logging

/// The project's log. Problems that a careful library reports rather than crashes on (a NaN
/// position, a layer added to its own descendant, an unknown key path) are logged here as
/// warnings, with the rejected value, and the offending change is ignored.
package enum Diagnostics {
    /// The logger of the QuartzCore module (label `QuartzCore`).
    package static let logger = Logger(label: "QuartzCore")

    /// Reports a rejected change.
    package static func reject(_ message: @autoclosure () -> String) {
        logger.warning("\(message())")
    }
}
