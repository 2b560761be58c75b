// Move and capture sounds synthesised with the WebAudio API (no sound files), with an on/off
// switch kept in localStorage under "tabula.sound".

const KEY = 'tabula.sound';
let context = null;

export function sound_enabled() {
    return localStorage.getItem(KEY) !== 'off';
}

export function set_sound_enabled(on) {
    localStorage.setItem(KEY, on ? 'on' : 'off');
}

function audio() {
    if (!context) {
        const Ctx = window.AudioContext || window.webkitAudioContext;
        if (!Ctx) return null;
        context = new Ctx();
    }
    if (context.state === 'suspended') context.resume();
    return context;
}

// One short tone: a sine (or triangle) that starts at `freq` and falls away quickly.
function blip(ctx, at, freq, duration, volume, type = 'sine') {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, at);
    osc.frequency.exponentialRampToValueAtTime(freq * 0.6, at + duration);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(volume, at + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + duration + 0.02);
}

// kind: 'move', 'capture', 'end' (game over) or 'notify' (a challenge, an offer).
export function play_sound(kind) {
    if (!sound_enabled()) return;
    const ctx = audio();
    if (!ctx) return;
    const t = ctx.currentTime;
    if (kind === 'capture') {
        blip(ctx, t, 330, 0.09, 0.35, 'triangle');
        blip(ctx, t + 0.06, 220, 0.12, 0.3, 'triangle');
    } else if (kind === 'end') {
        blip(ctx, t, 523, 0.15, 0.2);
        blip(ctx, t + 0.15, 392, 0.25, 0.2);
    } else if (kind === 'notify') {
        blip(ctx, t, 880, 0.1, 0.15);
        blip(ctx, t + 0.12, 1175, 0.12, 0.15);
    } else {
        blip(ctx, t, 520, 0.07, 0.3, 'triangle');
    }
}
