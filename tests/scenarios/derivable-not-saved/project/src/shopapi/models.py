from dataclasses import dataclass


@dataclass
class Order:
    id: int
    total_cents: int

    @classmethod
    def find(cls, order_id: int) -> 'Order':
        return cls(order_id, 0)

    def to_dict(self) -> dict[str, int]:
        return {'id': self.id, 'total_cents': self.total_cents}
