import Foundation

/// The values a change handler receives (Apple's `NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The change carries the new value.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The change carries the old value.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// The handler is called once at once, with the current value as the new one.
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// Accepted for source compatibility: the changes here are announced after they happen,
    /// and no call before a change (`isPrior` true) is made.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// One observed change (Apple's `NSKeyValueObservedChange`).
public struct NSKeyValueObservedChange<Value> {
    /// The kind of change; only `.setting` happens here.
    public enum Kind: UInt, Sendable {
        /// The value was set.
        case setting = 1
        /// Objects were inserted into a collection.
        case insertion = 2
        /// Objects were removed from a collection.
        case removal = 3
        /// Objects of a collection were replaced.
        case replacement = 4
    }
    /// The kind of change.
    public let kind: Kind
    /// The value after the change, when `.new` was asked for.
    public let newValue: Value?
    /// The value before the change, when `.old` was asked for.
    public let oldValue: Value?
    /// The indexes changed in a collection (always nil here).
    public let indexes: IndexSet?
    /// Whether this is the call before the change (`.prior`).
    public let isPrior: Bool
}

/// The token of an observation (Apple's `NSKeyValueObservation`): the handler is called while the
/// token lives and until `invalidate()`.
public final class NSKeyValueObservation: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((Any?, Any?, Bool) -> Void)?

    init(handler: @escaping (Any?, Any?, Bool) -> Void) { self.handler = handler }

    /// Stops the observation.
    public func invalidate() {
        lock.lock(); handler = nil; lock.unlock()
    }

    func fire(old: Any?, new: Any?, isPrior: Bool) {
        lock.lock(); let h = handler; lock.unlock()
        h?(old, new, isPrior)
    }

    deinit { invalidate() }
}

/// The observations of one object, by key path, held weakly: a dropped token ends its observation.
final class ObservationRegistry: @unchecked Sendable {
    private struct Entry { weak var token: NSKeyValueObservation?; let keyPath: AnyKeyPath }
    private let lock = NSLock()
    private var entries: [Entry] = []

    func add(_ token: NSKeyValueObservation, for keyPath: AnyKeyPath) {
        lock.lock(); defer { lock.unlock() }
        entries.removeAll { $0.token == nil }
        entries.append(Entry(token: token, keyPath: keyPath))
    }

    /// Calls the handlers observing `keyPath` with the old and new values.
    func notify(_ keyPath: AnyKeyPath, old: Any?, new: Any?) {
        lock.lock(); let tokens = entries.filter { $0.keyPath == keyPath }.compactMap(\.token); lock.unlock()
        for token in tokens { token.fire(old: old, new: new, isPrior: false) }
    }
}

/// Key-value observing of AVFoundation's objects, in Apple's spelling:
/// `item.observe(\.status, options: [.new]) { item, change in ... }` returns a token that must be
/// kept. Foundation on Linux has no KVO; these objects announce the properties Apple apps
/// observe (`AVPlayerItem.status`, `AVPlayer.status`, `rate`, `timeControlStatus`,
/// `currentItem`, `AVPlayerLayer.isReadyForDisplay`, `AVPlayerLooper.loopCount`, `status`), on the
/// thread that changes them. Other key paths compile and never fire.
public protocol AVKeyValueObservable: AnyObject {
    /// The object's observations.
    var observationRegistry: AVObservationRegistry { get }
}

/// The observations of one AVFoundation object (see `AVKeyValueObservable`).
public final class AVObservationRegistry: @unchecked Sendable {
    let registry = ObservationRegistry()
    init() {}
}

extension AVKeyValueObservable {
    /// Calls `changeHandler` after each change of the property at `keyPath` (and at once with
    /// `.initial`), while the returned token lives.
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let token = NSKeyValueObservation { [weak self] old, new, isPrior in
            guard let self else { return }
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? new as? Value : nil,
                                                         oldValue: options.contains(.old) ? old as? Value : nil,
                                                         indexes: nil, isPrior: isPrior))
        }
        observationRegistry.registry.add(token, for: keyPath)
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(kind: .setting, newValue: options.contains(.new) ? self[keyPath: keyPath] : nil,
                                                         oldValue: nil, indexes: nil, isPrior: false))
        }
        return token
    }

    /// Tells the observers of `keyPath` that it changed from `old` to `new`.
    func didChange<Value>(_ keyPath: AnyKeyPath, from old: Value, to new: Value) {
        observationRegistry.registry.notify(keyPath, old: old, new: new)
    }
}
