// A tiny DOM builder: h('button', {class: 'primary', onclick: fn}, 'Play') -> element.
// Attributes starting with "on" become listeners; `dataset` and `style` take objects; text
// children are escaped by construction (text nodes), never parsed as HTML.

export function h(tag, attrs = {}, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
        if (value === undefined || value === null || value === false) continue;
        if (key.startsWith('on') && typeof value === 'function') {
            el.addEventListener(key.slice(2), value);
        } else if (key === 'dataset') {
            Object.assign(el.dataset, value);
        } else if (key === 'style' && typeof value === 'object') {
            Object.assign(el.style, value);
        } else if (key === 'class') {
            el.className = value;
        } else if (value === true) {
            el.setAttribute(key, '');
        } else {
            el.setAttribute(key, String(value));
        }
    }
    append(el, children);
    return el;
}

function append(el, children) {
    for (const child of children.flat(Infinity)) {
        if (child === null || child === undefined || child === false) continue;
        el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
}

// Replaces the children of `el`.
export function fill(el, ...children) {
    el.replaceChildren();
    append(el, children);
    return el;
}

// What identifies a control across a redraw: its `data-key`, else its `data-action`, else its
// label.
function focus_key(el) {
    return el.dataset.key || el.dataset.action || el.getAttribute('aria-label') || el.textContent.trim();
}

// fill(), keeping the keyboard focus: when the focus was on a control inside `el`, it goes to
// the new control of the same key (focus_key), else to the control now at the same place, so
// that a redraw (an opponent's move, a confirming click) never drops it to the page.
export function fill_keeping_focus(el, ...children) {
    const active = document.activeElement;
    if (!active || active === el || !el.contains(active)) return fill(el, ...children);
    const controls = () => [...el.querySelectorAll('button, a[href], input, select, textarea, [tabindex]')];
    const key = focus_key(active);
    const index = controls().indexOf(active);
    fill(el, ...children);
    const now = controls();
    const target = now.find((c) => focus_key(c) === key) || now[Math.min(index, now.length - 1)];
    if (target) target.focus({ preventScroll: true });
    return el;
}

let next_id = 0;
export function uid(prefix = 'id') {
    return `${prefix}-${++next_id}`;
}

// A labelled form field: field('Variant', h('select', ...)).
export function field(label, control, hint) {
    if (!control.id) control.id = uid('f');
    return h('div', { class: 'field' }, h('label', { for: control.id }, label), control,
             hint ? h('small', { class: 'muted' }, hint) : null);
}

// A group of radio buttons drawn as a segmented control.
export function segmented(legend, name, options, checked) {
    return h('fieldset', {}, h('legend', {}, legend), h('div', { class: 'segmented' },
        options.map(([value, text]) => h('label', {},
            h('input', { type: 'radio', name, value, checked: value === checked }), h('span', {}, text)))));
}
