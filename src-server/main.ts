/**
 * The product's entry point: `node dist/server/main.js`. SIGTERM and SIGINT are handled from the
 * first moment, before the rest of the product is loaded: a stop during start-up (a database that
 * is slow to answer, migrations) exits at once with 0, since nothing runs yet that must finish
 * (migrations run in transactions); after start-up it ends live streams and work in progress first.
 */
/** The product's stop, once it has started. */
const product: { stop?: () => Promise<void> } = {};
let stopping = false;

function onSignal() {
  if (stopping) return;
  stopping = true;
  if (!product.stop) {
    console.log('Gestopt tijdens het starten.');
    process.exit(0);
  }
  product.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

const { startProduct } = await import('./start');
product.stop = await startProduct();

export {};
