import Foundation
import Synchronization

/// The one notice that Core Image filters given to a layer are kept but not drawn (see
/// `CALayer.filters`): logged the first time any layer is given filters, not on every change.
enum FilterNotice {
    private static let logged = Atomic<Bool>(false)

    /// Logs, once a process, that the filters set on `property` are not applied.
    static func noteIgnored(_ property: String) {
        guard !logged.exchange(true, ordering: .relaxed) else { return }
        Diagnostics.logger.notice("CALayer.\(property): Core Image filters are kept but not drawn, as on iOS")
    }
}
