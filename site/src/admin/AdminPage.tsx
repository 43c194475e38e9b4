export default function AdminPage() {
  return <main><h1>Admin (placeholder)</h1></main>
}
