import SearchIcon from "lucide-react/icons/search";
import { Input } from "./input";

/**
 * A search box named `q` with its icon and a label for screen readers. `value` is the search the page shows; the
 * field is re-created when it changes, so navigating to another search shows that search.
 */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  maxLength,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength?: number;
}) {
  return (
    <div className="relative flex-1">
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        name="q"
        defaultValue={value}
        key={value}
        maxLength={maxLength}
        placeholder={placeholder}
        className="h-11 pl-9"
      />
    </div>
  );
}
