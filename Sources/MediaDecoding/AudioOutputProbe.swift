import Foundation

/// Whether this machine has anywhere to play sound: a PulseAudio or PipeWire server of the user's
/// session, or an ALSA sound card.
///
/// A kiosk or a CI machine without either plays a video's audio to nothing. Asking
/// `autoaudiosink` to find out makes ALSA print a dozen configuration errors on standard error
/// for each player, so a pipeline built where this is false takes a `fakesink` directly.
enum AudioOutputProbe {
    /// Read once per process: sound hardware and the session's server do not come and go under a kiosk.
    static let isAvailable: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let runtime = environment["XDG_RUNTIME_DIR"] {
            for socket in ["pulse/native", "pipewire-0"]
            where FileManager.default.fileExists(atPath: "\(runtime)/\(socket)") { return true }
        }
        if environment["PULSE_SERVER"] != nil { return true }
        // /proc/asound/cards lists one line pair per card, or "--- no soundcards ---".
        guard let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8) else { return false }
        return !cards.contains("no soundcards") && !cards.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }()
}
