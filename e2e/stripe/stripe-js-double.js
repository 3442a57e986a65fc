// A test double of Stripe.js (https://js.stripe.com), which the test machines cannot reach. The
// browser specs serve it in place of the real script (stripe-double.ts): it implements the few
// calls the subscription page makes (Stripe(key), elements({ clientSecret }), create('payment'),
// mount, on, destroy, elements.submit, confirmPayment) and confirms the PaymentIntent the way
// Stripe.js does, with a POST to api.stripe.com that the specs hand to the Stripe stand-in. The
// Payment Element's fields are plain inputs here; the real ones live in Stripe's iframes.
(() => {
  const API = 'https://api.stripe.com/v1';

  function createElement(state) {
    const handlers = {};
    const fire = (name, event) => {
      for (const cb of handlers[name] || []) cb(event);
    };
    let root = null;
    return {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        root = document.createElement('div');
        root.className = 'stripe-double';
        root.style.cssText = 'display:grid;gap:8px;font:inherit';
        const field = (label, name, placeholder) => {
          const wrap = document.createElement('label');
          wrap.style.cssText = 'display:grid;gap:4px;font-size:14px';
          wrap.textContent = label;
          const input = document.createElement('input');
          input.name = name;
          input.placeholder = placeholder;
          input.style.cssText = 'padding:10px 12px;border:1px solid #d1d5db;border-radius:6px;font:inherit';
          input.addEventListener('input', () => {
            state[name] = input.value;
            fire('change', { elementType: 'payment', complete: !!state.number, empty: !state.number });
          });
          wrap.appendChild(input);
          return wrap;
        };
        root.append(
          field('Card number', 'number', '1234 1234 1234 1234'),
          field('Expiration date', 'expiry', 'MM / YY'),
          field('Security code', 'cvc', 'CVC'),
        );
        host.appendChild(root);
        setTimeout(() => fire('ready', { elementType: 'payment' }), 0);
      },
      on(name, cb) {
        handlers[name] = [...(handlers[name] || []), cb];
        return this;
      },
      off(name, cb) {
        handlers[name] = (handlers[name] || []).filter((h) => h !== cb);
        return this;
      },
      update() {},
      unmount() {
        root?.remove();
      },
      destroy() {
        root?.remove();
      },
    };
  }

  function Stripe(publishableKey) {
    return {
      elements(options) {
        const state = { number: '' };
        return {
          _clientSecret: options.clientSecret,
          _state: state,
          create: () => createElement(state),
          async submit() {
            if (!state.number.trim()) {
              return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
            }
            return {};
          },
        };
      },
      async confirmPayment({ elements, clientSecret, confirmParams }) {
        const secret = clientSecret || elements._clientSecret;
        const id = secret.split('_secret_')[0];
        const body = new URLSearchParams({
          key: publishableKey,
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': elements._state.number,
          return_url: confirmParams?.return_url ?? '',
        });
        const res = await fetch(`${API}/payment_intents/${id}/confirm`, { method: 'POST', body });
        const json = await res.json();
        return res.ok ? { paymentIntent: json } : { error: json.error };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
