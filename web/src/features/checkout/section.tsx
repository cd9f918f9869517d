/** One numbered step of the checkout: a titled region (its number follows the sections shown). */
import { useId, type ReactNode } from 'react';

interface Props {
  step: number;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function CheckoutSection({ step, title, intro, children, className }: Props) {
  const id = useId();
  return (
    <section className={`checkout-step${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <header className="checkout-step__head">
        <span className="checkout-step__number" aria-hidden="true">{step}</span>
        <div>
          <h2 id={id} className="checkout-step__title">{title}</h2>
          {intro && <p className="checkout-step__intro">{intro}</p>}
        </div>
      </header>
      <div className="checkout-step__body">{children}</div>
    </section>
  );
}
