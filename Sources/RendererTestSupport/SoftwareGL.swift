import Foundation

/// The GL implementation the tests draw with: Mesa's llvmpipe, unless the environment says otherwise.
///
/// llvmpipe gives the same pixels on every machine, so goldens and probes hold everywhere. A run
/// that sets `LIBGL_ALWAYS_SOFTWARE` itself (for example `LIBGL_ALWAYS_SOFTWARE=0` with
/// `QC_EGL_PLATFORM=device` on a machine with a GPU) keeps its choice.
public enum SoftwareGL {
    /// Sets `LIBGL_ALWAYS_SOFTWARE=1` where it is not set; call it before the first EGL display opens.
    public static func useUnlessConfigured() {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0)
    }
}
