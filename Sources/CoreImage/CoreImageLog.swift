import Logging

/// Where Core Image reports input it refuses (an unknown key, a non-finite number, a value of the
/// wrong type) and carries on, as Apple's framework logs to the console.
enum CoreImageLog {
    static let logger = Logger(label: "CoreImage")
}
