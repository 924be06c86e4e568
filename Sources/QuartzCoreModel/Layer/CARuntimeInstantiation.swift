/// A token that only the framework can create, passed to the initializers that Core Animation
/// calls on a class it knows only at run time: a presentation copy of a layer subclass, or a
/// copy of an animation subclass.
///
/// Apple's Objective-C runtime can send `initWithLayer:` or `init` to any subclass. Swift can
/// only call a `required` initializer through a metatype, and a required `init(layer:)` or
/// `init()` would make Apple code that writes `override init(layer:)` fail to compile. So the
/// required initializers are convenience initializers that take this token and call the
/// subclass's own `init(layer:)` or `init()`. A subclass inherits them, as Swift's rules for
/// initializer inheritance say, when it declares no designated initializer or overrides all the
/// designated initializers of its superclass (the usual `override init()` together with
/// `override init(layer:)`). Client code never names this type.
public struct CARuntimeInstantiation: Sendable {}
