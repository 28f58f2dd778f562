/** The QR encoder (lean-qr's nano build): one module, so the script tag can ship it as its own file. */
export { generate } from 'lean-qr/nano';
