// The promotion chooser: when one path leads to several chess moves ("e7e8q", "e7e8n", ...),
// a small dialog over the board offers one button per piece. Resolves to the chosen move, or
// null when the player cancels (Escape, or the cancel button).

import { piece_element, SVG_NS } from './pieces.js';
import { piece_side } from './grid.js';

const NAMES = { q: 'Queen', r: 'Rook', b: 'Bishop', n: 'Knight', k: 'King' };

export function choose_promotion(board, moves) {
    return new Promise((resolve) => {
        const origin = moves[0].path[0];
        const side = piece_side(board.grid.cells[origin], board.family) || 'white';
        const dialog = document.createElement('div');
        dialog.className = 'promotion';
        dialog.setAttribute('role', 'dialog');
        dialog.setAttribute('aria-label', 'Promote to');
        const finish = (move) => {
            dialog.remove();
            board.svg.focus({ preventScroll: true });
            resolve(move);
        };
        for (const move of moves) {
            const letter = move.move.slice(-1).toLowerCase();
            const button = document.createElement('button');
            button.type = 'button';
            button.className = 'promotion-choice';
            button.dataset.promotion = letter;
            button.setAttribute('aria-label', NAMES[letter] || letter);
            const icon = document.createElementNS(SVG_NS, 'svg');
            icon.setAttribute('viewBox', '0 0 100 100');
            icon.setAttribute('aria-hidden', 'true');
            icon.appendChild(piece_element(side === 'white' ? letter.toUpperCase() : letter, 'chess'));
            button.appendChild(icon);
            button.addEventListener('click', () => finish(move));
            dialog.appendChild(button);
        }
        const cancel = document.createElement('button');
        cancel.type = 'button';
        cancel.className = 'promotion-cancel';
        cancel.textContent = 'Cancel';
        cancel.addEventListener('click', () => finish(null));
        dialog.appendChild(cancel);
        dialog.addEventListener('keydown', (e) => {
            if (e.key === 'Escape') {
                e.stopPropagation();
                finish(null);
            }
        });
        board.container.appendChild(dialog);
        dialog.querySelector('button').focus();
    });
}
