import { formatMoney, type Product } from '@harbor/shared';

export interface ProductCardProps {
  product: Product;
  onAddToCart(productId: string): void;
}

export function ProductCard({ product, onAddToCart }: ProductCardProps) {
  return (
    <article className="product-card">
      <h2>{product.name}</h2>
      <p>{formatMoney(product.price)}</p>
      <button type="button" onClick={() => onAddToCart(product.id)}>
        Add {product.name} to cart
      </button>
    </article>
  );
}
