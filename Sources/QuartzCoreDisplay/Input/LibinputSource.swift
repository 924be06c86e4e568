import CInput
import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// Keyboards, pointers and touch screens through libinput: its udev backend where udev runs
/// (hot-plugged devices appear by themselves), else its path backend over /dev/input/event*.
/// Devices are opened through the seat. Confined to the output's thread.
final class LibinputSource {
    private let context: OpaquePointer
    private let udev: OpaquePointer?
    private var touches = TouchSlotTracker()
    /// The backend in use (`udev` or `path (N devices)`).
    let backend: String

    /// The libinput callbacks (libinput keeps the pointer for the context's lifetime).
    private let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)

    /// The callbacks: open and close devices through the `SeatSession` in userData.
    private static let callbacks = libinput_interface(open_restricted: { path, flags, userData in
        guard let path, let userData else { return -EINVAL }
        let session = Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue()
        do {
            return try session.openDevice(String(cString: path), nonBlocking: true)
        } catch {
            return -EACCES
        }
    }, close_restricted: { fd, userData in
        guard let userData else { close(fd); return }
        Unmanaged<SeatSession>.fromOpaque(userData).takeUnretainedValue().closeDevice(fd)
    })

    /// Creates the context; the session must outlive it.
    init(session: SeatSession) throws {
        let userData = Unmanaged.passUnretained(session).toOpaque()
        interface.initialize(to: Self.callbacks)
        let udevRunning = FileManager.default.fileExists(atPath: "/run/udev/control")
        if udevRunning, let udev = udev_new(), let context = libinput_udev_create_context(interface, userData, udev) {
            LibinputLog.install(on: context)
            guard libinput_udev_assign_seat(context, "seat0") == 0 else {
                libinput_unref(context); udev_unref(udev); interface.deallocate()
                throw CADisplayError.call("libinput_udev_assign_seat", detail: "seat0")
            }
            self.context = context
            self.udev = udev
            backend = "udev"
        } else {
            guard let context = libinput_path_create_context(interface, userData) else {
                interface.deallocate()
                throw CADisplayError.call("libinput_path_create_context", detail: "out of memory")
            }
            LibinputLog.install(on: context)
            self.context = context
            udev = nil
            let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? [])
                .filter { $0.hasPrefix("event") }.sorted()
            var added = 0
            for node in nodes where libinput_path_add_device(context, "/dev/input/\(node)") != nil { added += 1 }
            backend = "path (\(added) of \(nodes.count) devices)"
        }
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// The fd to poll.
    var pollDescriptor: Int32 { libinput_get_fd(context) }

    /// Stops using the devices (seat disabled); returns a cancel for each touch in progress.
    func suspend() -> [CARawInputEvent] {
        libinput_suspend(context)
        return touches.cancelAll(at: CACurrentMediaTime())
    }

    /// Reopens the devices (seat enabled).
    func resume() { _ = libinput_resume(context) }

    /// Reads what the devices reported.
    func read() -> [CARawInputEvent] {
        libinput_dispatch(context)
        var events: [CARawInputEvent] = []
        while let event = libinput_get_event(context) {
            if let raw = Self.convert(event) {
                touches.note(raw)
                events.append(raw)
            }
            libinput_event_destroy(event)
        }
        return events
    }

    /// The resolution used to read normalised absolute positions.
    private static let unit: UInt32 = 1 << 20

    private static func convert(_ event: OpaquePointer) -> CARawInputEvent? {
        func seconds(_ microseconds: UInt64) -> Double { Double(microseconds) / 1e6 }
        let unit = Double(Self.unit)
        switch libinput_event_get_type(event) {
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event) else { return nil }
            return .key(code: libinput_event_keyboard_get_key(key),
                        isDown: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                        time: seconds(libinput_event_keyboard_get_time_usec(key)))
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerMotion(dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p),
                                  time: seconds(libinput_event_pointer_get_time_usec(p)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerAbsolute(x: libinput_event_pointer_get_absolute_x_transformed(p, Self.unit) / unit,
                                    y: libinput_event_pointer_get_absolute_y_transformed(p, Self.unit) / unit,
                                    time: seconds(libinput_event_pointer_get_time_usec(p)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerButton(button: libinput_event_pointer_get_button(p),
                                  isDown: libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED,
                                  time: seconds(libinput_event_pointer_get_time_usec(p)))
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER:
            guard let p = libinput_event_get_pointer_event(event) else { return nil }
            func value(_ axis: libinput_pointer_axis) -> Double {
                libinput_event_pointer_has_axis(p, axis) != 0 ? libinput_event_pointer_get_scroll_value(p, axis) : 0
            }
            return .scroll(dx: value(LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL), dy: value(LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL),
                           time: seconds(libinput_event_pointer_get_time_usec(p)))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let t = libinput_event_get_touch_event(event) else { return nil }
            let phase: CAInputEvent.TouchPhase = libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_DOWN ? .began : .moved
            return .touch(slot: Int(libinput_event_touch_get_seat_slot(t)), phase: phase,
                          x: libinput_event_touch_get_x_transformed(t, Self.unit) / unit,
                          y: libinput_event_touch_get_y_transformed(t, Self.unit) / unit,
                          time: seconds(libinput_event_touch_get_time_usec(t)))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            guard let t = libinput_event_get_touch_event(event) else { return nil }
            let phase: CAInputEvent.TouchPhase = libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_UP ? .ended : .cancelled
            return .touch(slot: Int(libinput_event_touch_get_seat_slot(t)), phase: phase, x: nil, y: nil,
                          time: seconds(libinput_event_touch_get_time_usec(t)))
        default:
            return nil
        }
    }
}
