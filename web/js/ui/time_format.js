// Clock and time-control text: "4:59", "0:09.4" (tenths below ten seconds), "5+3", "0.5+0",
// "15s+0" (a base that is no whole half minute), "30 s/move", "3 days/move".

export function format_clock(ms) {
    const clamped = Math.max(0, ms);
    if (clamped < 10000) {
        const tenths = Math.floor(clamped / 100);
        return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
    }
    const total = Math.floor(clamped / 1000);
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = String(total % 60).padStart(2, '0');
    return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

// `time` as the wire has it: {base_ms, increment_ms, delay_ms, per_move_ms, days}.
export function format_time_control(time) {
    if (!time) return 'Unlimited';
    if (time.days) return `${time.days} day${time.days === 1 ? '' : 's'}/move`;
    const parts = [];
    const base_s = (time.base_ms || 0) / 1000;
    if (base_s) {
        const base = base_s % 30 === 0 ? String(base_s / 60) : `${base_s}s`;
        parts.push(`${base}+${(time.increment_ms || 0) / 1000}`);
    }
    if (time.per_move_ms) parts.push(`${time.per_move_ms / 1000} s/move`);
    return parts.length ? parts.join(', ') : 'Unlimited';
}
