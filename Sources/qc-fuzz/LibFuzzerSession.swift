#if QC_LIBFUZZER
import CLibFuzzer
import Foundation
import FuzzTargets

/// Hands control to libFuzzer's driver with the selected target as its callback. libFuzzer
/// calls back on this thread only, and C callbacks cannot capture, so the target is a global.
enum LibFuzzerSession {
    nonisolated(unsafe) static var target = FuzzTarget.png

    static func run(_ selected: FuzzTarget, arguments: [String]) -> Never {
        target = selected
        var argv: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments[0]] + arguments).map { strdup($0) } + [nil]
        var argc = CInt(argv.count - 1)
        let status = argv.withUnsafeMutableBufferPointer { buffer -> CInt in
            var base: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &base) { data, size in
                LibFuzzerSession.target.run(UnsafeBufferPointer(start: data, count: size))
                return 0
            }
        }
        exit(status)
    }
}
#endif
