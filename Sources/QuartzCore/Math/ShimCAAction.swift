// TEMPORARY: replaced by the anim branch at merge.
import Foundation
public protocol CAAction { func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) }
extension NSNull: CAAction { public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {} }
