"""Short, soft table sounds synthesised from noise and sine waves; written as mono 16-bit 44.1 kHz WAV.

Trainees hear these for hours, so every sound is quiet (peaks well below full scale), short (50-400 ms),
band-limited (no harsh highs) and starts and ends with a short fade so it never clicks. The noise comes
from a seeded xorshift generator, so the output is the same on every run.
"""

from __future__ import annotations

import io
import math
import struct
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

from trainer.art import SOUND_NAMES

RATE = 44_100
Samples = list[float]


class Noise:
    """White noise in [-1, 1) from a 32-bit xorshift generator: the same numbers on every platform."""

    def __init__(self, seed: int) -> None:
        self._state = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def next(self) -> float:
        """The next sample."""
        x = self._state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._state = x
        return x / 2_147_483_648.0 - 1.0

    def uniform(self, low: float, high: float) -> float:
        """A number between ``low`` and ``high``."""
        return low + (high - low) * (self.next() + 1.0) / 2.0

    def samples(self, count: int) -> Samples:
        """``count`` noise samples."""
        return [self.next() for _ in range(count)]


# --- building blocks -----------------------------------------------------------------------------------


def silence(seconds: float) -> Samples:
    """A buffer of ``seconds`` of silence."""
    return [0.0] * round(seconds * RATE)


def mix_into(target: Samples, source: Iterable[float], start: float, gain: float = 1.0) -> None:
    """Add ``source`` into ``target`` from ``start`` seconds on, cutting what runs past the end."""
    offset = round(start * RATE)
    for i, value in enumerate(source):
        if offset + i >= len(target):
            break
        target[offset + i] += gain * value


def bandpass(samples: Samples, centre: Callable[[float], float] | float, q: float) -> Samples:
    """A two-pole band-pass (RBJ cookbook, constant peak gain); ``centre`` in Hz may change with time."""
    out: Samples = []
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(samples):
        frequency = centre(i / RATE) if callable(centre) else centre
        w = 2 * math.pi * frequency / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """A one-pole low-pass at ``cutoff`` Hz, to take the edge off."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out: Samples = []
    y = 0.0
    for x in samples:
        y += k * (x - y)
        out.append(y)
    return out


def smooth(samples: Samples, cutoff: float) -> Samples:
    """Two one-pole low-passes in a row (12 dB per octave above ``cutoff``)."""
    return lowpass(lowpass(samples, cutoff), cutoff)


def decay(count: int, tau: float, attack: float = 0.0) -> Samples:
    """An envelope: a raised-cosine rise over ``attack`` seconds, then a decay with time constant ``tau``."""
    rise = max(1, round(attack * RATE))
    envelope = []
    for i in range(count):
        t = i / RATE
        level = 0.5 - 0.5 * math.cos(math.pi * i / rise) if i < rise else 1.0
        envelope.append(level * math.exp(-max(0.0, t - attack) / tau))
    return envelope


def tone(frequency: float, seconds: float, harmonics: tuple[float, ...] = (1.0,)) -> Samples:
    """A steady tone: ``harmonics[k]`` is the level of the (k+1)-th harmonic."""
    count = round(seconds * RATE)
    step = 2 * math.pi * frequency / RATE
    return [
        sum(level * math.sin((k + 1) * step * i) for k, level in enumerate(harmonics)) for i in range(count)
    ]


def shaped(samples: Samples, envelope: Samples) -> Samples:
    """``samples`` times ``envelope``, sample by sample."""
    return [s * e for s, e in zip(samples, envelope, strict=True)]


def finish(samples: Samples, peak: float, fade_in: float = 0.002, fade_out: float = 0.012) -> Samples:
    """Scale to ``peak`` (0..1 of full scale) and fade both ends so the sound never clicks."""
    loudest = max(abs(s) for s in samples) or 1.0
    out = [s * peak / loudest for s in samples]
    first, last = round(fade_in * RATE), round(fade_out * RATE)
    for i in range(min(first, len(out))):
        out[i] *= i / first
    for i in range(min(last, len(out))):
        out[-1 - i] *= i / last
    return out


def wav_bytes(samples: Samples) -> bytes:
    """Mono 16-bit 44.1 kHz WAV data of ``samples`` (floats in -1..1)."""
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)
    return buffer.getvalue()


# --- the sounds ----------------------------------------------------------------------------------------


def deal() -> Samples:
    """A card sliding across the felt: band-passed noise whose pitch falls as the card slows."""
    seconds = 0.22
    count = round(seconds * RATE)
    sweep = lambda t: 2600 - 6000 * t  # noqa: E731 - the band's centre, falling from 2.6 kHz
    swish = bandpass(bandpass(Noise(11).samples(count), sweep, 0.8), sweep, 0.8)
    return finish(shaped(smooth(swish, 4500), decay(count, 0.06, attack=0.035)), peak=0.32)


def flip() -> Samples:
    """A card turned face up: a soft snap with a little body."""
    seconds = 0.09
    count = round(seconds * RATE)
    noise = Noise(23)
    snap = shaped(bandpass(noise.samples(count), 2600, 1.2), decay(count, 0.004, attack=0.0008))
    body = shaped(bandpass(noise.samples(count), 900, 2.0), decay(count, 0.014, attack=0.002))
    thump = shaped(tone(150, seconds), decay(count, 0.018, attack=0.002))
    sound = [a + 0.8 * b + 0.25 * c for a, b, c in zip(snap, body, thump, strict=True)]
    return finish(smooth(sound, 5000), peak=0.4)


def chips() -> Samples:
    """A few ceramic chips clacking onto a stack: short inharmonic pings with a tiny knock."""
    sound = silence(0.3)
    noise = Noise(37)
    for start, gain in ((0.0, 1.0), (0.052, 0.65), (0.118, 0.85), (0.19, 0.5)):
        sound_clack = _clack(noise)
        mix_into(sound, sound_clack, start, gain)
    return finish(smooth(sound, 6000), peak=0.36)


def _clack(noise: Noise) -> Samples:
    seconds = 0.09
    count = round(seconds * RATE)
    base = noise.uniform(2100, 2600)
    clack = [0.0] * count
    modes = ((1.0, 1.0, 0.014), (1.57, 0.45, 0.009), (2.31, 0.2, 0.006), (3.13, 0.08, 0.004))
    for ratio, level, tau in modes:
        mix_into(clack, shaped(tone(base * ratio, seconds), decay(count, tau, attack=0.0004)), 0, level)
    knock = shaped(bandpass(noise.samples(count), 1400, 1.5), decay(count, 0.003, attack=0.0003))
    return [c + 1.5 * k for c, k in zip(clack, knock, strict=True)]


def right() -> Samples:
    """A soft chime of two notes going up a fourth (E5, A5)."""
    sound = silence(0.38)
    for start, frequency, gain in ((0.0, 659.26, 0.85), (0.11, 880.0, 1.0)):
        length = 0.38 - start
        note = shaped(tone(frequency, length, (1.0, 0.22, 0.06)), decay(round(length * RATE), 0.11, 0.006))
        mix_into(sound, note, start, gain)
    return finish(sound, peak=0.3, fade_out=0.03)


def wrong() -> Samples:
    """A soft, low two-note fall (E flat 4, B flat 3): rounded tones, no buzz."""
    sound = silence(0.38)
    for start, length, frequency in ((0.0, 0.19, 311.13), (0.16, 0.22, 233.08)):
        count = round(length * RATE)
        envelope = [
            e * (1.0 if i < count - 0.04 * RATE else (count - i) / (0.04 * RATE))
            for i, e in enumerate(decay(count, 0.16, attack=0.015))
        ]
        mix_into(sound, shaped(tone(frequency, length, (1.0, 0.3, 0.1)), envelope), start)
    return finish(lowpass(sound, 2500), peak=0.34, fade_out=0.03)


def shuffle() -> Samples:
    """A riffle shuffle: a quick run of soft card clicks over a breath of noise, faster in the middle."""
    seconds = 0.4
    sound = silence(seconds)
    noise = Noise(53)
    t = 0.012
    while t < seconds - 0.03:
        progress = t / seconds
        gap = 0.011 - 0.006 * math.sin(math.pi * progress)
        click_len = round(0.004 * RATE)
        centre = noise.uniform(1500, 2600)
        click = shaped(bandpass(noise.samples(click_len), centre, 1.4), decay(click_len, 0.0012))
        mix_into(sound, click, t, noise.uniform(0.55, 1.0) * math.sin(math.pi * min(1.0, progress * 1.15)))
        t += gap * noise.uniform(0.8, 1.2)
    count = len(sound)
    hiss = bandpass(bandpass(noise.samples(count), 1600, 0.7), 1600, 0.7)
    bed = shaped(hiss, decay(count, 0.25, attack=0.05))
    sound = [s + 0.12 * b for s, b in zip(sound, bed, strict=True)]
    return finish(smooth(sound, 4000), peak=0.34, fade_out=0.03)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "deal": deal,
    "flip": flip,
    "chips": chips,
    "right": right,
    "wrong": wrong,
    "shuffle": shuffle,
}


def render_all() -> dict[Path, bytes]:
    """Every sound of :data:`trainer.art.SOUND_NAMES`, as ``{path under assets/: WAV bytes}``."""
    return {Path("sounds", f"{name}.wav"): wav_bytes(SOUNDS[name]()) for name in SOUND_NAMES}
