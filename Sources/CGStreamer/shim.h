#pragma once
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <stdint.h>
#include <string.h>

// Small wrappers for what Swift cannot call directly: variadic GObject setters, macros and
// fixed-size arrays inside GStreamer structs.

/// Initialises GStreamer once per process; returns 0 and an error message (to g_free) on failure.
static inline int qc_gst_init(char **message) {
    GError *error = NULL;
    if (gst_init_check(NULL, NULL, &error)) return 1;
    if (message) *message = g_strdup(error ? error->message : "gst_init_check failed");
    if (error) g_error_free(error);
    return 0;
}

/// A playbin for `uri` whose video goes to an appsink that takes only `caps` (queueing at most
/// `max_buffers` frames, without clock sync: the player chooses the frame to show) and whose audio
/// goes to autoaudiosink, or to a fakesink when `audio` is 0. Subtitles are off. The appsink is
/// returned with a reference in `sink_out`.
static inline GstElement *qc_gst_playbin_new(const char *uri, const char *caps, int audio, guint max_buffers,
                                             GstElement **sink_out) {
    GstElement *playbin = gst_element_factory_make("playbin", NULL);
    GstElement *sink = gst_element_factory_make("appsink", NULL);
    if (!playbin || !sink) {
        if (playbin) gst_object_unref(playbin);
        if (sink) gst_object_unref(sink);
        return NULL;
    }
    GstCaps *video_caps = gst_caps_from_string(caps);
    g_object_set(sink, "caps", video_caps, "sync", FALSE, "max-buffers", max_buffers, "drop", FALSE,
                 "enable-last-sample", FALSE, "emit-signals", FALSE, "wait-on-eos", FALSE, NULL);
    gst_caps_unref(video_caps);
    GstElement *audio_sink = NULL;
    if (audio) audio_sink = gst_element_factory_make("autoaudiosink", NULL);
    if (!audio_sink) {
        audio_sink = gst_element_factory_make("fakesink", NULL);
        if (audio_sink) g_object_set(audio_sink, "sync", FALSE, NULL);
    }
    // GST_PLAY_FLAG_VIDEO | GST_PLAY_FLAG_AUDIO | GST_PLAY_FLAG_SOFT_VOLUME
    g_object_set(playbin, "uri", uri, "flags", 0x1 | 0x2 | 0x10, "video-sink", sink, NULL);
    if (audio_sink) g_object_set(playbin, "audio-sink", audio_sink, NULL);
    *sink_out = GST_ELEMENT(gst_object_ref(sink));
    return playbin;
}

/// Sets playbin's linear volume (0...1 and beyond).
static inline void qc_gst_set_volume(GstElement *playbin, double volume) {
    g_object_set(playbin, "volume", volume, NULL);
}

/// Mutes or unmutes playbin's audio.
static inline void qc_gst_set_mute(GstElement *playbin, int mute) { g_object_set(playbin, "mute", mute ? TRUE : FALSE, NULL); }

/// The number of video streams playbin found (valid once prerolled).
static inline int qc_gst_video_stream_count(GstElement *playbin) {
    gint n = 0;
    g_object_get(playbin, "n-video", &n, NULL);
    return n;
}

/// The message's type (GST_MESSAGE_TYPE).
static inline GstMessageType qc_gst_message_type(GstMessage *message) { return GST_MESSAGE_TYPE(message); }

/// Whether the message comes from `element` (GST_MESSAGE_SRC).
static inline int qc_gst_message_is_from(GstMessage *message, GstElement *element) {
    return GST_MESSAGE_SRC(message) == GST_OBJECT(element);
}

/// An error message's parts: domain (0 core, 1 library, 2 resource, 3 stream, -1 other), code, the
/// message and the debug text (both to g_free; either may be NULL).
typedef struct {
    int domain;
    int code;
    char *message;
    char *debug;
} qc_gst_error;

static inline qc_gst_error qc_gst_parse_error(GstMessage *message) {
    qc_gst_error out = { -1, 0, NULL, NULL };
    GError *error = NULL;
    gchar *debug = NULL;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) gst_message_parse_error(message, &error, &debug);
    else if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_WARNING) gst_message_parse_warning(message, &error, &debug);
    if (error) {
        if (error->domain == GST_CORE_ERROR) out.domain = 0;
        else if (error->domain == GST_LIBRARY_ERROR) out.domain = 1;
        else if (error->domain == GST_RESOURCE_ERROR) out.domain = 2;
        else if (error->domain == GST_STREAM_ERROR) out.domain = 3;
        out.code = error->code;
        out.message = g_strdup(error->message);
        g_error_free(error);
    }
    out.debug = debug;
    return out;
}

/// A mapped video frame of a sample: the frame, its format and its planes.
typedef struct {
    GstVideoFrame frame;
    GstVideoFormat format;
    int width, height;
    int planes;
    const uint8_t *data[4];
    int stride[4];
    int matrix;         // 1 BT.601, 2 BT.709, 3 BT.2020, 0 unknown
    int full_range;     // 1 when 0-255, 0 when 16-235
    int chroma_site;    // GstVideoChromaSite flags; 0 when the caps do not say
    int64_t pts;        // stream time in nanoseconds, -1 when unknown
    int64_t duration;   // nanoseconds, -1 when unknown
    int par_n, par_d;   // pixel aspect ratio
} qc_gst_mapped_frame;

/// The chroma-site flags `qc_gst_mapped_frame.chroma_site` holds.
static const int qc_gst_chroma_site_h_cosited = GST_VIDEO_CHROMA_SITE_H_COSITED;
static const int qc_gst_chroma_site_v_cosited = GST_VIDEO_CHROMA_SITE_V_COSITED;

/// Maps the video frame of `sample` for reading into `out`; 0 when the sample has no video
/// buffer or its caps are not raw video.
static inline int qc_gst_map_frame(GstSample *sample, qc_gst_mapped_frame *out) {
    GstBuffer *buffer = gst_sample_get_buffer(sample);
    GstCaps *caps = gst_sample_get_caps(sample);
    if (!buffer || !caps) return 0;
    GstVideoInfo info;
    if (!gst_video_info_from_caps(&info, caps)) return 0;
    if (!gst_video_frame_map(&out->frame, &info, buffer, GST_MAP_READ)) return 0;
    out->format = GST_VIDEO_INFO_FORMAT(&info);
    out->width = GST_VIDEO_INFO_WIDTH(&info);
    out->height = GST_VIDEO_INFO_HEIGHT(&info);
    out->planes = GST_VIDEO_FRAME_N_PLANES(&out->frame);
    for (int p = 0; p < 4; p++) {
        out->data[p] = p < out->planes ? (const uint8_t *)GST_VIDEO_FRAME_PLANE_DATA(&out->frame, p) : NULL;
        out->stride[p] = p < out->planes ? GST_VIDEO_FRAME_PLANE_STRIDE(&out->frame, p) : 0;
    }
    switch (info.colorimetry.matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT601: out->matrix = 1; break;
    case GST_VIDEO_COLOR_MATRIX_BT709: out->matrix = 2; break;
    case GST_VIDEO_COLOR_MATRIX_BT2020: out->matrix = 3; break;
    default: out->matrix = 0; break;
    }
    out->full_range = info.colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
    out->chroma_site = (int)GST_VIDEO_INFO_CHROMA_SITE(&info);
    out->par_n = GST_VIDEO_INFO_PAR_N(&info);
    out->par_d = GST_VIDEO_INFO_PAR_D(&info);
    GstClockTime pts = GST_BUFFER_PTS(buffer);
    const GstSegment *segment = gst_sample_get_segment(sample);
    if (GST_CLOCK_TIME_IS_VALID(pts) && segment && segment->format == GST_FORMAT_TIME) {
        guint64 stream_time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts);
        out->pts = GST_CLOCK_TIME_IS_VALID(stream_time) ? (int64_t)stream_time : (int64_t)pts;
    } else {
        out->pts = GST_CLOCK_TIME_IS_VALID(pts) ? (int64_t)pts : -1;
    }
    out->duration = GST_BUFFER_DURATION_IS_VALID(buffer) ? (int64_t)GST_BUFFER_DURATION(buffer) : -1;
    return 1;
}

/// Unmaps a frame mapped by qc_gst_map_frame.
static inline void qc_gst_unmap_frame(qc_gst_mapped_frame *frame) { gst_video_frame_unmap(&frame->frame); }

/// Whether `uri` is a URI GStreamer can read from (a valid URI whose protocol a source handles).
static inline int qc_gst_uri_is_playable(const char *uri) {
    if (!gst_uri_is_valid(uri)) return 0;
    gchar *protocol = gst_uri_get_protocol(uri);
    int ok = protocol && gst_uri_protocol_is_supported(GST_URI_SRC, protocol);
    g_free(protocol);
    return ok;
}

/// The factory name (to g_free) of a demuxer inside `bin` that has stopped reading without
/// exposing a single stream, or NULL. A demuxer pulling from its source pauses its task when it
/// gives up, and decodebin2 drops the error such a demuxer posts while decodebin is still
/// bringing it to PAUSED (it filters the errors of elements it is trying out), which would leave
/// the pipeline waiting for a preroll that never comes.
static inline char *qc_gst_stalled_demuxer(GstElement *bin) {
    GstIterator *iterator = gst_bin_iterate_recurse(GST_BIN(bin));
    GValue item = G_VALUE_INIT;
    char *found = NULL;
    gboolean done = FALSE;
    while (!done && !found) {
        switch (gst_iterator_next(iterator, &item)) {
        case GST_ITERATOR_OK: {
            GstElement *element = GST_ELEMENT(g_value_get_object(&item));
            GstElementFactory *factory = gst_element_get_factory(element);
            const gchar *klass = factory ? gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) : NULL;
            GST_OBJECT_LOCK(element);
            guint16 sources = element->numsrcpads;
            GST_OBJECT_UNLOCK(element);
            if (klass && strstr(klass, "Demux") && sources == 0) {
                GstPad *sink = gst_element_get_static_pad(element, "sink");
                if (sink) {
                    if (GST_PAD_MODE(sink) == GST_PAD_MODE_PULL && gst_pad_get_task_state(sink) == GST_TASK_PAUSED)
                        found = g_strdup(gst_plugin_feature_get_name(GST_PLUGIN_FEATURE(factory)));
                    gst_object_unref(sink);
                }
            }
            g_value_reset(&item);
            break;
        }
        case GST_ITERATOR_RESYNC:
            gst_iterator_resync(iterator);
            break;
        default:
            done = TRUE;
            break;
        }
    }
    g_value_unset(&item);
    gst_iterator_free(iterator);
    return found;
}
