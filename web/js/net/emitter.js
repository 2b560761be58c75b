// A minimal event emitter: on(type, fn) returns an unsubscribe function.
export class Emitter {
    constructor() {
        this.handlers = new Map();
    }

    on(type, fn) {
        if (!this.handlers.has(type)) this.handlers.set(type, new Set());
        this.handlers.get(type).add(fn);
        return () => this.handlers.get(type)?.delete(fn);
    }

    emit(type, payload) {
        for (const fn of [...(this.handlers.get(type) || [])]) {
            try {
                fn(payload);
            } catch (err) {
                console.error(`handler for "${type}" failed`, err);
            }
        }
    }
}
