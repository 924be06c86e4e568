import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Makes `layer` one of the current transaction's changed layers without changing it, so that
/// the next commit makes it live. Setting a property to the value it already has no longer does
/// (it is no change, as on Apple platforms: `CommittedValueAppleTests`).
func joinTransaction(_ layer: CALayer) {
    TransactionStack.current.recordChange(of: layer)
}
