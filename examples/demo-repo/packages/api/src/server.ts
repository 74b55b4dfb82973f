import { Hono } from 'hono';
import { products } from './routes/products';

const app = new Hono();
app.route('/api/products', products);

export default { port: 8787, fetch: app.fetch };
