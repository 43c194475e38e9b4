// Tailwind for the portal views (views/portal.css): the same classes the SPA's admin components use.
export default { plugins: { '@tailwindcss/postcss': {} } }
