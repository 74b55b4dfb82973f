import { createRoot } from 'react-dom/client';
import { fetchProducts } from './api-client';
import { ProductCard } from './components/ProductCard';

const products = await fetchProducts();
createRoot(document.getElementById('root')!).render(
  <main>
    {products.map((product) => (
      <ProductCard key={product.id} product={product} onAddToCart={(id) => console.log('add', id)} />
    ))}
  </main>,
);
