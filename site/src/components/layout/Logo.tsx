/** The club mark (monogram image) plus the club name. */
export function Logo() {
  return (
    <span className="logo">
      <img src="/images/logo-mark.svg" width={40} height={40} alt="" />
      <span>
        <b>Lady Hawks</b>
        <small>Boosters</small>
      </span>
    </span>
  )
}
