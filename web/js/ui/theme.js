// Dark (default) or light theme, kept in localStorage under "tabula.theme".
const KEY = 'tabula.theme';

export function current_theme() {
    return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
}

export function apply_theme(theme = current_theme()) {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem(KEY, theme);
    return theme;
}

export function toggle_theme() {
    return apply_theme(current_theme() === 'dark' ? 'light' : 'dark');
}
