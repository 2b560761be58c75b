// The code and link of a private table while a seat is still open, with buttons that copy
// them (or, where the clipboard is refused, the text to copy by hand).

import { h, fill_keeping_focus } from '../ui/dom.js';

// Fills `element` for the table state `s`: the box, or nothing.
export function render_share(element, s) {
    if (!s.private || s.status !== 'waiting' || s.seats.every(Boolean)) {
        fill_keeping_focus(element);
        return;
    }
    const link = `${window.location.origin}/t/${s.code}`;
    const note = h('span', { class: 'notice', 'aria-live': 'polite' });
    const copy = (text, what) => async () => {
        try {
            await navigator.clipboard.writeText(text);
            note.textContent = `${what} copied`;
        } catch {
            note.textContent = `Copy this ${what.toLowerCase()}: ${text}`;
        }
    };
    fill_keeping_focus(element, h('div', { class: 'share-box' },
        h('p', {}, 'Code ', h('strong', { class: 'join-code' }, s.code)),
        h('input', { readonly: true, value: link, 'aria-label': 'Join link', class: 'join-link' }),
        h('div', { class: 'inline' },
            h('button', { type: 'button', class: 'small', onclick: copy(s.code, 'Code') }, 'Copy code'),
            h('button', { type: 'button', class: 'small', onclick: copy(link, 'Link') }, 'Copy link'), note)));
}
