// The chat of a table: the log of the lines (players' and spectators', dated in their title)
// and the field that sends one.

import { h, fill } from '../ui/dom.js';

export class ChatBox {
    // `send(text)` sends a line (a promise); `on_error(text)` shows why it could not.
    constructor({ send, on_error }) {
        this.log = h('div', { class: 'chat-log', role: 'log', 'aria-label': 'Chat' });
        const input = h('input', { id: 'chat-input', maxlength: 200, autocomplete: 'off', placeholder: 'Say something' });
        this.form = h('form', { class: 'chat-form', onsubmit: async (e) => {
            e.preventDefault();
            const text = input.value.trim();
            if (!text) return;
            input.value = '';
            try {
                await send(text);
            } catch (err) {
                on_error(err.message);
            }
        } }, h('label', { for: 'chat-input', class: 'visually-hidden' }, 'Chat message'),
        h('div', { class: 'inline' }, input, h('button', { type: 'submit' }, 'Send')));
    }

    // `chat`: the lines of the table state ({from, text, spectator, at}).
    render(chat) {
        fill(this.log, chat.map((m) => h('p', {
            class: m.spectator ? 'chat-line chat-spectator' : 'chat-line',
            title: Number.isInteger(m.at) ? new Date(m.at).toLocaleTimeString() : null,
        }, h('strong', {}, m.from), ' ', m.text)));
        this.log.scrollTop = this.log.scrollHeight;
    }
}
