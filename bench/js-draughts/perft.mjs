// perft with JavaScript draughts libraries from npm, from the start position.
//   node perft.mjs <library> <variant> <depth>
// Prints one line: "<library> <variant> depth <d> nodes <n> seconds <s> nodes/s <r>".
// Both libraries count the last ply in bulk (the length of the move list), as tabula does.
//
//   library        variant         npm package (licence)            how a child position is made
//   rapid-draughts english         rapid-draughts 1.0.6 (MIT)       engine.clone() + move()
//   draughts       international   draughts 0.2.1 (MPL-2.0)         move() + undo()
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);

// Each library: variants it plays, and perft(depth) from the start position.
const libraries = {
    'rapid-draughts': {
        variants: ['english'],
        async load() {
            const { EnglishDraughtsEngineFactory } = await import('rapid-draughts/english');
            const perft = (engine, depth) => {
                const moves = engine.moves;
                if (depth === 1) return moves.length;
                let nodes = 0;
                for (const move of moves) {
                    const child = engine.clone();
                    child.move(move);
                    nodes += perft(child, depth - 1);
                }
                return nodes;
            };
            return (depth) =>
                depth === 0 ? 1 : perft(EnglishDraughtsEngineFactory.setup(), depth);
        },
    },
    draughts: {
        variants: ['international'],
        async load() {
            const Draughts = require('draughts');
            const perft = (game, depth) => {
                const moves = game.moves();
                if (depth === 1) return moves.length;
                let nodes = 0;
                for (const move of moves) {
                    game.move(move);
                    nodes += perft(game, depth - 1);
                    game.undo();
                }
                return nodes;
            };
            return (depth) => (depth === 0 ? 1 : perft(new Draughts(), depth));
        },
    },
};

function usage(message) {
    console.error(`perft.mjs: ${message}`);
    console.error('usage: node perft.mjs <library> <variant> <depth>');
    for (const [name, library] of Object.entries(libraries))
        console.error(`  ${name}: ${library.variants.join(', ')}`);
    process.exit(2);
}

const [name, variant, depthText] = process.argv.slice(2);
const library = libraries[name];
if (!library) usage(`unknown library '${name ?? ''}'`);
if (!library.variants.includes(variant)) usage(`${name} does not play '${variant ?? ''}'`);
const depth = Number(depthText);
if (!Number.isInteger(depth) || depth < 0 || depth > 20) usage('depth must be 0 to 20');

const perft = await library.load();
const started = performance.now();
const nodes = perft(depth);
const seconds = (performance.now() - started) / 1000;
const rate = seconds > 0 ? Math.round(nodes / seconds) : 0;
console.log(
    `${name} ${variant} depth ${depth} nodes ${nodes} seconds ${seconds.toFixed(3)} nodes/s ${rate}`,
);
