"""Simulated RTSP cameras on GStreamer's RTSP server (Debian's gst-rtsp-server with its Python binding).

Driven by packages/simulator/src/simulator.ts, which passes the configuration as JSON in argv[1]:
  {"cameras": [{"index": 0, "port": 18600, "host": "127.0.0.1", "audio": false,
                "streams": [{"name": "main", "mode": "replay", "codec": "h264", "fps": 10, "file": "...h264"},
                            {"name": "sd", "mode": "live", "codec": "h264", "fps": 10, "width": 640,
                             "height": 360, "gop": 20, "kbps": 500, "clock": true,
                             "loop_sec": 20, "motion": [[5, 12]]}]}]}
Each camera is its own RTSP server on its own port (a real camera is its own host), with a mount per stream
(/main, /sd). Commands arrive as JSON lines on stdin ({"cmd": "stop", "camera": 0}, {"cmd": "start", ...});
events leave as JSON lines on stdout. The process exits when stdin closes or its parent dies.
"""

import ctypes
import json
import os
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
gi.require_version("GstRtsp", "1.0")
from gi.repository import GLib, Gst, GstRtsp, GstRtspServer  # noqa: E402

Gst.init(None)

# PR_SET_PDEATHSIG: a kill -9 of the Node parent must not leave cameras serving forever.
try:
    ctypes.CDLL("libc.so.6").prctl(1, 15)
except OSError:
    pass


def emit(event):
    sys.stdout.write(json.dumps(event) + "\n")
    sys.stdout.flush()


def now_ms():
    return int(time.time() * 1000)


AUD = {"h264": b"\x00\x00\x00\x01\x09", "h265": b"\x00\x00\x00\x01\x46\x01"}
_aus_cache = {}


def load_access_units(path, codec):
    """Splits an Annex B file encoded with access unit delimiters into one bytes object per frame."""
    key = (path, codec)
    if key not in _aus_cache:
        data = open(path, "rb").read()
        marker = AUD[codec]
        starts = []
        i = data.find(marker)
        while i >= 0:
            starts.append(i)
            i = data.find(marker, i + 1)
        if not starts:
            raise ValueError(f"{path}: no access unit delimiters")
        ends = starts[1:] + [len(data)]
        _aus_cache[key] = [data[s:e] for s, e in zip(starts, ends)]
    return _aus_cache[key]


def in_motion(running_sec, loop_sec, motion):
    t = running_sec % loop_sec
    return any(a <= t < b for a, b in motion)


def clock_bits(ms):
    """The wall clock as a bar code: a start cell, 44 bits of epoch ms (most significant first), an end cell.
    Read back by decodeClockBar() in packages/simulator/src/clock.ts."""
    return "\u2588" + "".join("\u2588" if (ms >> (43 - i)) & 1 else " " for i in range(44)) + "\u2588"


def crop_box(width, height, pan, tilt, zoom):
    """The crop (pixels off each side) of a PTZ camera's view over a scene of width x height: the window is 60 % of
    the scene at zoom 0 and 20 % at zoom 1; pan -1..1 moves it left to right, tilt -1..1 bottom to top (ONVIF)."""
    f = 0.6 - 0.4 * min(max(zoom, 0.0), 1.0)
    ww, wh = width * f, height * f
    left = (width - ww) / 2 * (1 + min(max(pan, -1.0), 1.0))
    top = (height - wh) / 2 * (1 - min(max(tilt, -1.0), 1.0))
    even = lambda x: int(x) // 2 * 2  # noqa: E731 - I420 chroma is subsampled by two
    left, top, ww, wh = even(left), even(top), even(ww), even(wh)
    return {"left": left, "right": width - left - ww, "top": top, "bottom": height - top - wh}


def audio_branch(live):
    return (
        f" audiotestsrc is-live={'true' if live else 'false'} wave=sine freq=440 volume=0.2"
        " ! audio/x-raw,rate=16000,channels=1 ! audioconvert ! avenc_aac ! aacparse"
        " ! rtpmp4gpay name=pay1 pt=97"
    )


def payloader(codec):
    parse = "h264parse" if codec == "h264" else "h265parse"
    pay = "rtph264pay" if codec == "h264" else "rtph265pay"
    # config-interval=-1: parameter sets before every keyframe, so a client joining a shared stream can decode.
    return f"{parse} ! {pay} name=pay0 pt=96 config-interval=-1"


BACKCHANNEL_REQUIRE = "www.onvif.org/ver20/backchannel"


def speaker_launch(path):
    """The camera's speaker (ONVIF Streaming §5.3): a PCMU back-channel whose sound is appended to `path` as 16-bit
    PCM. gst-rtsp-server needs the first element named depay_backchannel, its caps the RTP the camera accepts."""
    return (
        '( capsfilter caps="application/x-rtp,media=audio,payload=0,clock-rate=8000,encoding-name=PCMU"'
        f" name=depay_backchannel ! rtppcmudepay ! mulawdec ! audioconvert ! audio/x-raw,format=S16LE"
        f' ! filesink location="{path}" append=true buffer-mode=unbuffered async=false sync=false )'
    )


class SpeakerMedia(Gst.Bin):
    """The bin of a media that carries the speaker: the camera's streams and the back-channel, minus one error.

    A talking client sets up the back-channel alone, so the camera's own streams in this media have no sink behind
    their RTP session. At its PLAY, gst-rtsp-server (1.22) unblocks every stream, the unwatched one's next push fails as
    not-linked and its source posts an error; and that error races the same PLAY's start of the receiver the
    back-channel was just given (elements added to the running pipeline). When the error comes first the receiver
    never starts: every packet the client sends queues there and is dropped at TEARDOWN, and the speaker hears nothing
    though the client sent it all (the e2e talk spec's flake). A camera keeps serving when one of its streams has no
    watcher, so that error stays here; any other goes on to the media."""

    __gtype_name__ = "VigilSpeakerMedia"

    def do_handle_message(self, message):
        if message.type == Gst.MessageType.ERROR and "not-linked" in (message.parse_error()[1] or ""):
            return
        Gst.Bin.do_handle_message(self, message)


class Speaker:
    """What a mount of a camera with a speaker adds to its factory (see with_speaker). The ONVIF factory adds the
    back-channel bin in its own create_element, which these factories replace (their pipelines need callbacks), so
    it is added here; and since PyGObject cannot reach the request being served from create_element, the client's
    pre-describe/pre-setup hook (watch_backchannel) tells the factory whether the next pipeline must carry it."""

    def enable_speaker(self, path):
        self.speaker = path
        self.wants_speaker = False
        self.set_backchannel_launch(speaker_launch(path))
        self.set_media_gtype(GstRtspServer.RTSPOnvifMedia)

    def add_speaker(self, pipeline):
        if not getattr(self, "wants_speaker", False):
            return pipeline
        self.wants_speaker = False
        speaker = Gst.parse_bin_from_description_full(
            speaker_launch(self.speaker), False, None, Gst.ParseFlags.PLACE_IN_BIN
        )
        speaker.set_name("onvif-backchannel")
        depay = speaker.get_by_name("depay_backchannel")
        speaker.add_pad(Gst.GhostPad.new("sink", depay.get_static_pad("sink")))
        media = SpeakerMedia()
        media.add(pipeline)
        media.add(speaker)
        return media


def with_speaker(cls):
    """The factory class on GStreamer's ONVIF factory with the Speaker's methods. PyGObject takes a class's vfuncs
    (do_create_element) from its own namespace only, so the methods are copied in rather than mixed in; cameras
    without a speaker keep the plain factory."""
    own = lambda c: {k: v for k, v in vars(c).items() if not k.startswith("__")}  # noqa: E731
    return type(cls.__name__ + "WithSpeaker", (GstRtspServer.RTSPOnvifMediaFactory,), {**own(cls), **own(Speaker)})


def watch_backchannel(server, factories):
    def wants(ctx):
        res, value = ctx.request.get_header(GstRtsp.RTSPHeaderField.REQUIRE, 0)
        return res == GstRtsp.RTSPResult.OK and BACKCHANNEL_REQUIRE in value

    def on_client(_server, client):
        def before(_client, ctx):
            if wants(ctx):
                for f in factories.values():
                    if ctx.uri and ctx.uri.abspath.rstrip("/").endswith("/" + f.stream["name"]):
                        f.wants_speaker = True
            return GstRtsp.RTSPStatusCode.OK

        client.connect("pre-describe-request", before)
        client.connect("pre-setup-request", before)

    server.connect("client-connected", on_client)


class ReplayFactory(GstRtspServer.RTSPMediaFactory):
    """Replays a pre-encoded loop frame by frame through appsrc with continuous timestamps: no re-encoding,
    endless (splitmuxsrc over links ends after the last link), ~1 % of a core."""

    def setup(self, cam, stream):
        self.cam, self.stream = cam, stream
        self.aus = load_access_units(stream["file"], stream["codec"])
        return self

    def add_speaker(self, pipeline):
        return pipeline

    def do_create_element(self, url):
        s = self.stream
        caps = (
            f"video/x-{s['codec']},stream-format=byte-stream,alignment=au,framerate={s['fps']}/1"
        )
        # A live source, as a camera is: a client joining a shared stream gets the frames from now on.
        desc = f'appsrc name=src format=time is-live=true caps="{caps}" ! {payloader(s["codec"])}'
        if self.cam.get("audio"):
            desc += audio_branch(True)
        pipeline = Gst.parse_launch(f"( {desc} )")
        src = pipeline.get_by_name("src")
        frame_ns = Gst.SECOND // s["fps"]
        state = {"n": 0, "offset": None}
        aus = self.aus

        def need_data(appsrc, _length):
            # Timestamps in running time from the first frame on; the sinks pace the stream to the clock.
            if state["offset"] is None:
                clock = appsrc.get_clock()
                state["offset"] = clock.get_time() - appsrc.get_base_time() if clock else 0
            n = state["n"]
            buf = Gst.Buffer.new_wrapped(aus[n % len(aus)])
            buf.pts = buf.dts = state["offset"] + n * frame_ns
            buf.duration = frame_ns
            state["n"] = n + 1
            appsrc.emit("push-buffer", buf)

        src.connect("need-data", need_data)
        return self.add_speaker(pipeline)


class LiveFactory(GstRtspServer.RTSPMediaFactory):
    """Encodes live (x264/x265 ultrafast): the only way to burn the wall clock into the picture."""

    def setup(self, cam, stream):
        self.cam, self.stream = cam, stream
        return self

    def add_speaker(self, pipeline):
        return pipeline

    def do_create_element(self, url):
        s = self.stream
        if s["codec"] == "h264":
            enc = (
                # No sliced threads: ffmpeg's RTP reader splits a multi-slice keyframe into two packets of one
                # timestamp. Real cameras do that too (the recorder copes), but the simulator stays simple.
                f"x264enc tune=zerolatency speed-preset=ultrafast key-int-max={s['gop']} bframes=0"
                " sliced-threads=false threads=1"
                f" bitrate={s['kbps']} ! video/x-h264,profile=high"
            )
        else:
            enc = (
                f"x265enc tune=zerolatency speed-preset=ultrafast key-int-max={s['gop']}"
                f' bitrate={s["kbps"]} option-string="bframes=0:scenecut=0"'
            )
        # Pango sizes are points: a DejaVu Sans Mono cell is ~1.6 px wide per point here. The bar code spans
        # about 60 % of the width, big enough to survive compression, and must never wrap.
        bar_font = max(5, round(s["width"] * 0.6 / 46 / 1.6))
        text_font = max(8, s["height"] // 40)
        raw = f"video/x-raw,width={s['width']},height={s['height']},framerate={s['fps']}/1,format=I420"
        # PTZ: the picture is a crop window over the scene (the test pattern at the stream's size), scaled back to
        # the stream's size; the window follows the camera's position (set_view()).
        view = f" ! videocrop name=crop ! videoscale ! {raw}" if self.cam.get("ptz") else ""
        desc = (
            f"videotestsrc name=vsrc is-live=true pattern=smpte ! {raw}{view}"
            f' ! textoverlay name=clock font-desc="DejaVu Sans Mono Bold {text_font}" halignment=left'
            f" valignment=top xpad=16 ypad=16 shaded-background=true wrap-mode=none"
            f' ! textoverlay name=bars font-desc="DejaVu Sans Mono {bar_font}" halignment=left'
            f" valignment=bottom xpad=16 ypad=16 shaded-background=true shading-value=255"
            f" draw-shadow=false draw-outline=false wrap-mode=none"
            f" ! {enc} ! {payloader(s['codec'])}"
        )
        if self.cam.get("audio"):
            desc += audio_branch(True)
        pipeline = Gst.parse_launch(f"( {desc} )")
        vsrc = pipeline.get_by_name("vsrc")
        clock = pipeline.get_by_name("clock")
        bars = pipeline.get_by_name("bars")
        loop_sec, motion = s["loop_sec"], s["motion"]
        label = f"cam{self.cam['index']} {s['name']}"
        crop = pipeline.get_by_name("crop")
        applied = {"view": None}

        def follow_view(_pad, _info):
            # Before the crop sees the frame: the new window applies to this very frame.
            v = self.cam.get("view", (0.0, 0.0, 0.0))
            if v != applied["view"]:
                applied["view"] = v
                for side, px in crop_box(s["width"], s["height"], *v).items():
                    crop.set_property(side, px)
            return Gst.PadProbeReturn.OK

        if crop:
            follow_view(None, None)
            crop.get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, follow_view)

        def on_frame(_pad, info):
            buf = info.get_buffer()
            ms = now_ms()
            t = time.localtime(ms / 1000)
            text = f"{label} {time.strftime('%H:%M:%S', t)}.{ms % 1000:03d}"
            if crop:
                v = self.cam.get("view", (0.0, 0.0, 0.0))
                text += f" P{v[0]:+.2f} T{v[1]:+.2f} Z{v[2]:.2f}"
            clock.set_property("text", text)
            bars.set_property("text", clock_bits(ms))
            # Motion: the ball pattern moves; the bars pattern is still (scripted like the replayed loops).
            moving = in_motion(buf.pts / Gst.SECOND, loop_sec, motion)
            vsrc.set_property("pattern", 18 if moving else 0)
            return Gst.PadProbeReturn.OK

        clock.get_static_pad("video_sink").add_probe(Gst.PadProbeType.BUFFER, on_frame)
        return self.add_speaker(pipeline)


def watch_media(factory, cam_index, stream_name, medias):
    def on_media(_factory, media):
        reported = {"done": False}
        medias.append(media)

        def on_state(m, state):
            if state == Gst.State.PLAYING and not reported["done"]:
                reported["done"] = True
                emit({"type": "media-playing", "camera": cam_index, "stream": stream_name, "at": now_ms()})

        def on_unprepared(_m):
            emit({"type": "media-stopped", "camera": cam_index, "stream": stream_name, "at": now_ms()})

        media.connect("new-state", on_state)
        media.connect("unprepared", on_unprepared)

    factory.connect("media-configure", on_media)


class Camera:
    def __init__(self, cfg):
        self.cfg = cfg
        self.server = None
        self.source_id = 0
        # Per stream name, the media its factory made (shared: one at a time), to find their clients on a restart.
        self.medias = {}
        # Per stream name, its factory when the camera has a speaker (a restart replaces it: watch_backchannel reads
        # the current one).
        self.speakers = {}

    def start(self):
        if self.server:
            return True
        # The ONVIF server's clients accept the back-channel's Require header (a plain one answers 551).
        server = GstRtspServer.RTSPOnvifServer() if self.cfg.get("speaker_file") else GstRtspServer.RTSPServer()
        server.set_address(self.cfg.get("host", "127.0.0.1"))
        server.set_service(str(self.cfg["port"]))
        mounts = server.get_mount_points()
        for s in self.cfg["streams"]:
            mounts.add_factory("/" + s["name"], self.factory(s))
        if self.cfg.get("speaker_file"):
            watch_backchannel(server, self.speakers)
        source_id = server.attach(None)
        if source_id == 0:
            emit({"type": "error", "camera": self.cfg["index"], "message": f"cannot listen on port {self.cfg['port']}"})
            return False
        self.server, self.source_id = server, source_id
        emit({"type": "started", "camera": self.cfg["index"], "port": self.cfg["port"]})
        return True

    def factory(self, s):
        cls = ReplayFactory if s["mode"] == "replay" else LiveFactory
        if self.cfg.get("speaker_file"):
            cls = with_speaker(cls)
        factory = cls().setup(self.cfg, s)
        if self.cfg.get("speaker_file"):
            factory.enable_speaker(self.cfg["speaker_file"])
            self.speakers[s["name"]] = factory
        # Shared: every client sees the same pipeline, as with a real camera. Not seekable: with this clock
        # mode gst-rtsp-server never answers a PLAY by seeking the running stream (which appsrc cannot do).
        factory.set_shared(True)
        factory.set_publish_clock_mode(GstRtspServer.RTSPPublishClockMode.CLOCK_AND_OFFSET)
        self.medias[s["name"]] = []
        watch_media(factory, self.cfg["index"], s["name"], self.medias[s["name"]])
        return factory

    def reconfigure(self, stream):
        """A stream's encoder restarted with new parameters (ONVIF SetVideoEncoderConfiguration): new clients get the
        new encode; the old one's clients are dropped, as a camera drops them when its encoder restarts."""
        name = stream["name"]
        self.cfg["streams"] = [stream if s["name"] == name else s for s in self.cfg["streams"]]
        if self.server:
            old = self.medias.get(name, [])
            mounts = self.server.get_mount_points()
            mounts.remove_factory("/" + name)
            mounts.add_factory("/" + name, self.factory(stream))

            def on_old_media(client):
                sessions = client.session_filter(lambda *_a: GstRtspServer.RTSPFilterResult.REF, None)
                for session in sessions:
                    medias = session.filter(lambda *_a: GstRtspServer.RTSPFilterResult.REF, None)
                    if any(m.get_media() in old for m in medias):
                        return True
                return False

            self.server.client_filter(
                lambda _server, client, *_a: GstRtspServer.RTSPFilterResult.REMOVE
                if on_old_media(client)
                else GstRtspServer.RTSPFilterResult.KEEP,
                None,
            )
        emit({"type": "reconfigured", "camera": self.cfg["index"], "stream": name})

    def stop(self):
        if not self.server:
            return
        # Removing the source closes the listening socket; the filter drops every connected client, so the
        # camera vanishes from the network as a powered-off one would.
        GLib.Source.remove(self.source_id)
        self.server.client_filter(lambda *_a: GstRtspServer.RTSPFilterResult.REMOVE, None)
        self.server, self.source_id = None, 0
        emit({"type": "stopped", "camera": self.cfg["index"]})


def run_command(cameras, line):
    try:
        cmd = json.loads(line)
        cam = cameras[cmd["camera"]]
        if cmd["cmd"] == "view":
            # A PTZ camera's position, from the ONVIF service in the Node parent; the next frame shows it.
            cam.cfg["view"] = (float(cmd["pan"]), float(cmd["tilt"]), float(cmd["zoom"]))
        elif cmd["cmd"] == "stop":
            cam.stop()
        elif cmd["cmd"] == "start":
            cam.start()
        elif cmd["cmd"] == "reconfigure":
            cam.reconfigure(cmd["stream"])
        else:
            raise ValueError("unknown command")
    except (ValueError, KeyError) as e:
        emit({"type": "error", "message": f"bad command {line.decode(errors='replace').strip()!r}: {e}"})


def main():
    # Ctrl-C in a terminal reaches the whole process group; the Node parent decides when the cameras stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    config = json.loads(sys.argv[1])
    cameras = {c["index"]: Camera(c) for c in config["cameras"]}
    loop = GLib.MainLoop()

    pending = {"buf": b""}

    def on_stdin(_channel, condition):
        # Raw reads, not readline(): a buffered reader could swallow a second command the watch never reports.
        data = os.read(sys.stdin.fileno(), 65536) if condition & GLib.IO_IN else b""
        if not data:
            loop.quit()
            return False
        pending["buf"] += data
        *lines, pending["buf"] = pending["buf"].split(b"\n")
        for line in lines:
            if line.strip():
                run_command(cameras, line)
        return True

    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR, on_stdin)
    ok = all(cam.start() for cam in cameras.values())
    emit({"type": "ready"} if ok else {"type": "fatal", "message": "a camera could not start"})
    if ok:
        loop.run()


if __name__ == "__main__":
    main()
